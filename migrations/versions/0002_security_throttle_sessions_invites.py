"""security: throttle counters, session generations, invites, casefolded roster keys

Revision ID: 0002_security_throttle_sessions_invites
Revises: 0001
Create Date: 2026-12-01 01:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0002_security_throttle_sessions_invites'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('throttle_counter',
    sa.Column('bucket', sa.String(length=40), nullable=False),
    sa.Column('key_digest', sa.String(length=64), nullable=False),
    sa.Column('window_start', sa.DateTime(), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('bucket', 'key_digest', name=op.f('pk_throttle_counter'))
    )


def downgrade():
    op.drop_table('throttle_counter')
