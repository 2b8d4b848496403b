from ramo_keeper import create_app

app = create_app()
