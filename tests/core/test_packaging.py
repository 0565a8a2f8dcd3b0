"""pyproject.toml lists its packages (resources/ installs as `evmeval_resources`): none may be forgotten."""

from __future__ import annotations

from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+ (3.10 has no TOML reader in the standard library)

REPO = Path(__file__).resolve().parent.parent.parent


def test_every_package_folder_is_listed_for_the_wheel():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    on_disk = {".".join(p.parent.relative_to(base).parts)
               for base, top in ((REPO / "core", "evmeval"), (REPO, "evmeval_gui"))
               for p in (base / top).rglob("__init__.py")}
    assert on_disk <= set(config["packages"]), sorted(on_disk - set(config["packages"]))
    assert "evmeval_resources" in config["packages"]
    assert config["package-dir"] == {"evmeval": "core/evmeval", "evmeval_resources": "resources"}
    assert (REPO / "resources" / "__init__.py").is_file() and (REPO / "resources" / "demo" / "gold.tbf").is_file()
    assert not (REPO / "evmeval_resources").exists()
