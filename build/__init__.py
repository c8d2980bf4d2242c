"""The build and its tools, run from the repository root: ``python -m build.build`` (the
site), ``build.serve``, ``build.i18n``, ``build.make_icons``, ``build.train_qwixx``."""
