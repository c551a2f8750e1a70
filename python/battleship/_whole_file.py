"""Files written whole or not at all: beside themselves, then renamed over the old one."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from typing import IO, Any, Callable, Iterator, Tuple


def write_whole(path: str, write: Callable[[IO[Any]], object], *, binary: bool = False) -> None:
    """The file ``path`` as ``write(stream)`` writes it, all of it or nothing: a regular (or new)
    file is written beside itself and renamed over the old one, so that a write that fails (a full
    disk, a file size limit) leaves the old file as it was, not cut off; anything else
    (``/dev/null``, a pipe) and a file whose directory takes no new file is written in place. Text
    is UTF-8 with ``\\n`` line ends on every system."""
    mode = "wb" if binary else "w"
    encoding, newline = (None, None) if binary else ("utf-8", "\n")  # the same bytes on Windows
    if os.path.exists(path) and not os.path.isfile(path):
        temporary = None
    else:
        target = os.path.realpath(path)  # a link is followed, and stays a link
        try:
            old_mode = stat.S_IMODE(os.stat(target).st_mode) if os.path.exists(target) else None
            fd, temporary = _new_beside(target, 0o666 if old_mode is None else old_mode)
        except OSError:
            temporary = None
    if temporary is None:
        with _naming(path), open(path, mode, encoding=encoding, newline=newline) as out:
            write(out)
        return
    try:
        with _naming(path), os.fdopen(fd, mode, encoding=encoding, newline=newline) as out:
            write(out)
        if old_mode is not None:  # the old file's mode exactly, which the umask may have narrowed
            os.chmod(temporary, old_mode)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise


@contextlib.contextmanager
def _naming(path: str) -> Iterator[None]:
    """An ``OSError`` of a write that names no file (a full disk's) raised naming ``path``: the
    file being written, not the temporary one beside it, which is gone once it fails."""
    try:
        yield
    except OSError as error:
        if error.filename is not None or error.errno is None:
            raise
        raise OSError(error.errno, error.strerror, os.fspath(path)) from error


def _new_beside(target: str, mode: int) -> Tuple[int, str]:
    """A new file of a name no file has, in ``target``'s directory, opened for writing: its
    descriptor and path. Made with ``mode``, which the kernel narrows by the process's umask as
    for any new file (the umask is not read: setting it to read it would change it for a moment
    for every thread of the process, whose files would then get the wrong mode)."""
    directory = os.path.dirname(target)
    while True:  # 64 random bits: a name taken is all but impossible, and then another is drawn
        path = os.path.join(directory, f".battleship-{secrets.token_hex(8)}{os.path.splitext(target)[1]}")
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)  # Windows: no \r added
            return os.open(path, flags, mode), path
        except FileExistsError:
            continue
