"""pyproject.toml lists its packages (resources/ installs as `evmeval_resources`): none may be forgotten."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent


def test_every_package_folder_is_listed_for_the_wheel():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+ (3.10 has no TOML reader in the standard library)
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
    # issue 32: types for mypy users and the JSON outputs' schemas (no C sources: checked on the wheel built
    # from the sdist, below; a wheel built in a working tree also carries whatever a stale build/ holds)
    assert {"evmeval/py.typed", "evmeval_resources/schemas/score.schema.json"} <= set(names)


# Issue 32, item 1: a release an index accepts and a researcher installs.

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]


def _build(kind: str, out: Path, **env: str) -> Path:
    """`python -m build` of this clone into `out`, isolated, as a release is built: the sdist, or the wheel
    built from that sdist (not from the clone, whose `build/` may hold stale files); the one artefact asked for."""
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "build", *(["--sdist"] if kind == "sdist" else []),
                           "-o", str(out), str(REPO)],
                          capture_output=True, text=True, check=False, env={**os.environ, **env}, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (artefact,) = out.glob("evmeval_studio-*.tar.gz" if kind == "sdist" else "evmeval_studio-*.whl")
    return artefact


def _metadata_lines(text: str) -> list[str]:
    return text.split("\n\n", 1)[0].splitlines()  # the headers, before the long description


def test_the_sdist_builds_the_kernels_and_carries_types_and_metadata(tmp_path: Path) -> None:
    """The sdist holds the three C kernels' sources (so `pip install SDIST` builds them), `py.typed`, the
    build hook, the licence; its metadata: the single-sourced version, Python 3.10-3.13, `Typing :: Typed`."""
    import tarfile

    import evmeval

    sdist = _build("sdist", tmp_path)
    assert sdist.name == f"evmeval_studio-{evmeval.__version__}.tar.gz"
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
        pkg_info = archive.extractfile(f"evmeval_studio-{evmeval.__version__}/PKG-INFO")
        assert pkg_info is not None
        headers = _metadata_lines(pkg_info.read().decode("utf-8"))
    assert {"core/evmeval/mention/_kernel.c", "core/evmeval/coref/_corefkernel.c",
            "core/evmeval/sequencing/_timegraphkernel.c", "core/evmeval/py.typed", "setup.py", "pyproject.toml",
            "LICENSE", "README.md", "resources/demo/gold.tbf", "resources/schemas/score.schema.json"} <= names
    assert f"Version: {evmeval.__version__}" in headers
    assert "Requires-Python: >=3.10" in headers
    classifiers = {line.removeprefix("Classifier: ") for line in headers if line.startswith("Classifier: ")}
    assert {f"Programming Language :: Python :: {v}" for v in PYTHONS} | {"Typing :: Typed"} <= classifiers
    assert not [c for c in classifiers if c.startswith("Programming Language :: Python :: 3.")
                and c.rsplit(" ", 1)[1] not in PYTHONS]
    # no invented address: an index takes a release without project URLs (docs/developer.md, "Releases")
    assert not [line for line in headers if line.startswith("Project-URL:") and "example" in line]


def test_the_pure_wheel_builds_without_kernels_and_mypy_strict_sees_the_types(tmp_path: Path) -> None:
    """`EVMEVAL_NO_KERNELS=1` builds the fallback wheel `py3-none-any` (no compiled file); installed, it
    carries `py.typed`, so `mypy --strict` on a user's script sees `Scores` and `float`, not `Any`."""
    import os
    import subprocess
    import sys
    import zipfile

    import evmeval

    wheel = _build("wheel", tmp_path / "dist", EVMEVAL_NO_KERNELS="1")
    assert wheel.name == f"evmeval_studio-{evmeval.__version__}-py3-none-any.whl"
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(site)
    assert "evmeval/py.typed" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    script = tmp_path / "user.py"
    script.write_text("import evmeval\n\n"
                      "scores = evmeval.score(evmeval.load('gold.tbf', 'run.tbf', tokens='tkn'))\n"
                      "reveal_type(scores)\n"
                      "reveal_type(scores.micro('type+realis').f1)\n", encoding="utf-8")
    # the unpacked wheel on PYTHONPATH is an installed package to mypy (PEP 561), as in a user's venv
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(script)],
                          capture_output=True, text=True, check=False, cwd=tmp_path, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(site)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert 'Revealed type is "evmeval.api.Scores"' in done.stdout
    assert 'Revealed type is "builtins.float"' in done.stdout or 'Revealed type is "float"' in done.stdout
