"""Files shipped beside a package's modules (RULES.md, the catalogs), read through the
package's own loader: the same call reads them from the repository's folders and from
the page's engine.zip (zipimport), without importlib.resources and the seven modules it
would add to a first visit's download."""

from __future__ import annotations

import os
import sys
from importlib import import_module
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # not imported at run time: importlib.abc is not in the page's stdlib
    from importlib.abc import ResourceLoader


def read(package: str, *path: str) -> bytes | None:
    """The bytes of `path` inside `package` (a dotted name), or None if it has no such file."""
    module = sys.modules.get(package) or import_module(package)
    folder = os.path.dirname(module.__file__ or "")
    try:
        # Imported from files or from engine.zip: either loader reads data (get_data).
        loader = cast("ResourceLoader", module.__spec__.loader)  # type: ignore[union-attr]  # set: imported above
        return loader.get_data(os.path.join(folder, *path))
    except OSError:
        return None


def package_of(obj: object) -> str:
    """The package whose folder holds the module that defines `obj`'s class."""
    module = type(obj).__module__
    return module if hasattr(sys.modules[module], "__path__") else module.rpartition(".")[0]
