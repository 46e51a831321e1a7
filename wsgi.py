"""For WSGI servers: ``waitress-serve wsgi:app`` or ``gunicorn wsgi:app``."""

from scorekeeper import create_app

app = create_app()
