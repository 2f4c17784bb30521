"""The packages: every ``tdream*`` one, ``tdream.boards`` from the top-level ``boards/`` folder
(each game's board data, ``boards/<game>/*.yaml``) and ``tdream.assets`` from ``assets/`` (the
font atlas, the shared sprites, the Japanese text), so a wheel or an installed copy finds them
where ``tdream/datadirs.py`` looks. Everything else is in pyproject.toml."""
from setuptools import find_packages, setup

setup(packages=find_packages(include=["tdream*"]) + ["tdream.boards", "tdream.assets"],
      package_dir={"tdream.boards": "boards", "tdream.assets": "assets"})
