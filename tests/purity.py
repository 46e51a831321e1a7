"""The frameworks a pure module (the engines, the seasons, the evening plans, the register's
checks) must never import."""

from __future__ import annotations

FRAMEWORKS = ("flask", "sqlalchemy", "reportlab", "wtforms", "babel", "flask_babel")
