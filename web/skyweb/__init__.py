"""The browser side of Skyline. Only `ui` touches the DOM; `params`, `session` and
`panels` are plain Python (no js/pyodide imports), so CPython tests them too."""
