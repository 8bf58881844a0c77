"""Every game lives in a package here and registers its entry when imported; this imports them all (each
package's ``__init__.py`` alone: a game's rules are imported when its whole spec is first needed)."""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    if _module.ispkg:
        importlib.import_module(f"{__name__}.{_module.name}")
