"""The optional compiled build (``scripts/compile.sh``): it plays exactly the games the pure build
plays, and a compiled module older than its source is refused rather than run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from grapeshot import compiled

PLAY = textwrap.dedent(
    """
    import hashlib
    import grapeshot.geometry.motion
    from grapeshot.agents import make, play_out
    from grapeshot.core.game import Game
    from grapeshot.core.scenario import load_scenario

    digest = hashlib.sha256()
    for name in ("brawl", "duel"):
        sc = load_scenario(name, "jimlad")
        for i in range(GAMES):
            game = Game("jimlad", sc, seed=500 + i, log=True)
            play_out(game, {s.id: make("heuristic", 7 * i + k, "jimlad") for k, s in enumerate(sc.seats)})
            for event in game.events:
                digest.update(repr(event).encode())
    print(grapeshot.geometry.motion.__file__.rsplit("/", 1)[-1], digest.hexdigest())
    """
)


def run(src: Path, code: str, **env: str) -> str:
    out = subprocess.run([sys.executable, "-c", code], cwd=src, env={**os.environ, "PYTHONPATH": str(src), **env}, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


@pytest.mark.slow
def test_the_compiled_build_plays_the_same_games_event_for_event(tmp_path: Path) -> None:
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        if os.environ.get("CI"):
            pytest.fail(".ci/run installs gcc: without it the compiled build goes untested")
        pytest.skip("no C compiler here: the compiled build cannot be made")
    pure = compiled.copy_sources(tmp_path / "pure")
    fast = compiled.copy_sources(tmp_path / "fast")
    run(fast, "import sys; from grapeshot.compiled import main; sys.exit(main(['build']))", GRAPESHOT_REBUILDING="1")
    modules = compiled.marked(fast)
    rooms = {p.relative_to(fast).as_posix() for p in (fast / "grapeshot" / "geometry").glob("*.py")} - {"grapeshot/geometry/__init__.py"}
    assert rooms <= set(modules)  # every room of the geometry; its __init__ only re-exports
    assert all(list((fast / m).parent.glob(Path(m).stem + ".*.so")) for m in modules)
    code = PLAY.replace("GAMES", "3")
    pure_file, pure_digest = run(pure, code).split()
    fast_file, fast_digest = run(fast, code).split()
    assert pure_file == "motion.py" and fast_file.endswith(".so")  # each ran the build it was meant to
    assert fast_digest == pure_digest
    assert run(fast, "from grapeshot.compiled import status; print(status())").startswith("compiled")


def test_a_compiled_module_older_than_its_source_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = compiled.copy_sources(tmp_path)
    module = compiled.marked(src)[0]
    (src / compiled.BUILT_LIST).write_text(module + "\n")
    source = src / module
    ext = source.with_name(source.stem + ".cpython-311-x86_64-linux-gnu.so")
    ext.write_bytes(b"")
    os.utime(ext, (1_000_000, 1_000_000))  # built long before the source was last changed
    assert compiled.stale(src) == [module]
    assert ext in compiled.extensions(src)
    monkeypatch.delenv(compiled.REBUILDING, raising=False)
    with pytest.raises(ImportError, match=rf"older than their sources: {module}.*scripts/compile\.sh --clean"):
        compiled.check_fresh(src)
    assert "STALE" in compiled.status(src)
    monkeypatch.setenv(compiled.REBUILDING, "1")
    compiled.check_fresh(src)  # while rebuilding, stale modules are expected
    os.utime(ext)  # rebuilt now: newer than its source
    monkeypatch.delenv(compiled.REBUILDING)
    compiled.check_fresh(src)
    assert compiled.stale(src) == []


def test_cleaning_goes_back_to_pure_python(tmp_path: Path) -> None:
    src = compiled.copy_sources(tmp_path)
    module = compiled.marked(src)[-1]
    (src / compiled.BUILT_LIST).write_text(module + "\n")
    source = src / module
    source.with_name(source.stem + ".cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (src / "abc123__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (src / compiled.RUNTIME_LIST).write_text("abc123__mypyc.cpython-311-x86_64-linux-gnu.so\n")
    other = src / "ffff__mypyc.cpython-311-x86_64-linux-gnu.so"  # another package's mypyc runtime
    other.write_bytes(b"")
    (src / "build").mkdir()
    assert compiled.status(src).startswith("compiled (2 extension files")
    compiled.clean(src)
    assert compiled.extensions(src) == [] and not (src / "build").exists()
    assert other.exists()  # only what the build made goes
    assert compiled.status(src) == "pure Python"
