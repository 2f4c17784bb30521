"""The packages: every ``tdream*`` one, and ``tdream.boards`` from the top-level ``boards/``
folder (each game's board data, ``boards/<game>/*.yaml``), so a wheel or an installed copy finds
them where ``tdream/datadirs.py`` looks. Everything else is in pyproject.toml."""
from setuptools import find_packages, setup

setup(packages=find_packages(include=["tdream*"]) + ["tdream.boards"],
      package_dir={"tdream.boards": "boards"})
