"""Packaging beside ``pyproject.toml``: the one thing its tables cannot say.

The pages' ``templates/`` and ``static/`` live at the top of the repository (where designers and
translators find them); the wheel carries them inside the package, as ``scorekeeper/templates``
and ``scorekeeper/static``, where :func:`scorekeeper.create_app` looks first. Everything else
(name, dependencies, package data) is in ``pyproject.toml``.
"""

from setuptools import find_packages, setup

SHIPPED_FOLDERS = {"scorekeeper.templates": "templates", "scorekeeper.static": "static"}

setup(
    packages=[*find_packages(include=["scorekeeper", "scorekeeper.*"]), *SHIPPED_FOLDERS],
    package_dir=SHIPPED_FOLDERS,
)
