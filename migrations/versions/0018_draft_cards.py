"""drafts keep their cards: the cards a player tapped on their own phone, one by one

Revision ID: 0018_draft_cards
Revises: 0017_rescore_house_rule_games
Create Date: 2026-12-03 10:00:00

A draft kept only its counts by category (pips 10, tens 1), so the scorer's form showed "10" and
"10 J Q K" where the player had tapped 7, 3 and K. The new column keeps the cards as tapped. Drafts
already stored have none (NULL) and show as before; the way down drops the column (the counts stay).
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0018_draft_cards'
down_revision = '0017_rescore_house_rule_games'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('hand_draft', schema=None) as batch_op:
        batch_op.add_column(sa.Column('card_list', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('hand_draft', schema=None) as batch_op:
        batch_op.drop_column('card_list')
