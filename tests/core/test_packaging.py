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


def test_the_wheel_holds_the_library_the_window_the_demo_and_the_licence(tmp_path: Path) -> None:
    """What `pip install .` installs: `evmeval`, `evmeval_gui`, `evmeval_resources` and nothing generic at top
    level (no `core`, no `resources`), no bytecode caches, the Apache-2.0 text."""
    import subprocess
    import sys
    import zipfile

    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(REPO)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    (wheel,) = tmp_path.glob("evmeval_studio-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"evmeval", "evmeval_gui", "evmeval_resources"}
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    licence = next(n for n in names if n.endswith("dist-info/licenses/LICENSE"))
    assert "Apache License" in zipfile.ZipFile(wheel).read(licence).decode("utf-8")
    assert "evmeval_resources/demo/gold.tbf" in names
