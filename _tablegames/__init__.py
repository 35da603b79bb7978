"""What the two games of this distribution share, in the standard library only (private: no API).

- :mod:`_tablegames.errors`: the error base (a stable code beside the message, the form a service
  sends, pickling that keeps the code) and its two kinds, parse and rule errors;
- :mod:`_tablegames.jsonio`: the hardened JSON reader and the schema checker of the records;
- :mod:`_tablegames.cli`: the command lines' plumbing (lazy subcommands, one-line errors with
  their code, exit statuses, Ctrl-C, an output that cannot encode Chinese);
- :mod:`_tablegames.lazy`: a package's names that load their module on first use.

``paigow`` and ``pcc`` build on these; neither imports the other, and nothing here imports
either.
"""
