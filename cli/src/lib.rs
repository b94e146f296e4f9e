//! The library half of the `dana` command line (the binary is src/main.rs): the evaluation
//! harness behind `dana eval`, and the argument parsing both subcommands share. A library so
//! that the tests (cli/tests/) and examples can call the harness directly.

pub mod args;
pub mod eval;
