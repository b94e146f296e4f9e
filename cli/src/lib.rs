//! The library half of the `dana` command line (the binary is src/main.rs): the evaluation
//! harness behind `dana eval`, the argument parsing both subcommands share, and the reading of
//! WARC files behind `dana extract --warc` (which the Python package shares too). A library so
//! that the tests (cli/tests/) and examples can call the harness directly.

pub mod args;
pub mod batch;
pub mod eval;
pub mod warc;
