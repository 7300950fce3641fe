//! The `utfast` command-line tool: `validate` checks that files are UTF-8 and says
//! where and why they are not; `convert` transcodes between any two of the ten
//! encodings (`--from auto` detects the source); `repair` makes files valid UTF-8
//! in place; `detect` names a file's encoding; `bench` measures every kernel
//! against std, simdutf8 and encoding_rs. This file runs the parsed command
//! (`args` parses it into the options each command's module declares, `help`
//! has the help texts, `shared` what several commands use), prints the version,
//! and turns outcomes into the exit status.
// Only the C++ simdutf's raw-pointer interface (bench/rivals.rs, feature
// `simdutf`) needs `unsafe`.
#![deny(unsafe_code)]

mod args;
mod bench;
mod convert;
mod detect;
mod help;
mod repair;
mod shared;
mod validate;

use std::io::{self, ErrorKind, Write};
use std::process::ExitCode;

use args::Command;
use shared::report::{version_line, warn, warn_if_kernel_override_ignored, Status};

fn main() -> ExitCode {
    let status = match args::parse(std::env::args_os().skip(1)) {
        // A usage error, or the help asked for (which clap prints to standard
        // output, with no error).
        Err(error) => match error.print() {
            // The help could not be written (`--help > /dev/full`).
            Err(failure) if failure.kind() != ErrorKind::BrokenPipe => {
                warn(format_args!("cannot write the help: {failure}"));
                Status::Error
            }
            _ if error.use_stderr() => Status::Error,
            _ => Status::Success,
        },
        Ok(command) => run(command).unwrap_or_else(|error| {
            // A closed pipe (`utfast ... | head`) only means nobody reads on.
            if error.kind() != ErrorKind::BrokenPipe {
                warn(format_args!("cannot write to standard output: {error}"));
            }
            Status::Error
        }),
    };
    ExitCode::from(status as u8)
}

/// Runs `command`; an error is a failure to write to standard output.
fn run(command: Command) -> io::Result<Status> {
    let mut out = io::stdout().lock();
    let status = match command {
        Command::Version => {
            warn_if_kernel_override_ignored();
            writeln!(out, "{}", version_line())?;
            Status::Success
        }
        Command::Validate(options) => validate::run(&options, &mut out)?,
        Command::Bench(options) => bench::run(&options, &mut out)?,
        Command::Convert(options) => convert::run(&options, &mut out)?,
        Command::Repair(options) => repair::run(&options, &mut out)?,
        Command::Detect(options) => detect::run(&options, &mut out)?,
        Command::Completions { shell } => {
            args::write_completions(shell, &mut out)?;
            Status::Success
        }
    };
    out.flush()?;
    Ok(status)
}
