"""Serving the app to the phones: gunicorn or waitress, the proxy in front, the addresses a share
link and a QR code may show."""
