//! Golden (insta) tests of the engine's traces live in `tests/`; the library itself is empty: the crate exists so that the snapshots have one home across the workspace.
