//! The `utfast` command-line tool: `validate` checks that files are UTF-8 and says
//! where and why they are not; `convert` transcodes between UTF-8, UTF-16, UTF-32
//! and Latin-1; `bench` measures every kernel against std. This file runs the
//! parsed command (`args` parses it, `help` has the help texts), prints the
//! version, and turns outcomes into the exit status.
#![forbid(unsafe_code)]

mod args;
mod bench;
mod convert;
mod detect;
mod help;
mod progress;
mod repair;
mod validate;

/// Helpers shared by the unit tests of the subcommands.
#[cfg(test)]
mod test_support {
    use std::io::{self, Read};

    /// Hands out `data` a few bytes per `read`, like a pipe.
    pub struct Trickle<'a> {
        pub data: &'a [u8],
        pub step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len());
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }
}

use std::fmt;
use std::io::{self, ErrorKind, Write};
use std::process::ExitCode;

use utfast::{Engine, Kernel};

use args::Command;

/// The exit status, ordered so that the worst outcome over several inputs wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Everything valid; the command succeeded.
    Success = 0,
    /// Invalid input found (or, for `convert`, a character the target encoding
    /// cannot represent).
    Invalid = 1,
    /// A usage error, or an I/O error.
    Error = 2,
}

fn main() -> ExitCode {
    let status = match args::parse(std::env::args_os().skip(1)) {
        // A usage error, or the help asked for (which clap prints to standard
        // output, with no error).
        Err(error) => {
            let _ = error.print();
            if error.use_stderr() {
                Status::Error
            } else {
                Status::Success
            }
        }
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
        Command::Completions(shell) => {
            args::write_completions(shell, &mut out)?;
            Status::Success
        }
    };
    out.flush()?;
    Ok(status)
}

/// Prints `utfast: message` to standard error, ignoring failure (there is no
/// better place left to report it).
pub fn warn(message: fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr(), "utfast: {message}");
}

/// An input's JSON object on one line, for `--json`: its `path`, then the
/// fields of `fields` in their order.
pub fn json_line(path: &str, fields: impl serde::Serialize) -> String {
    #[derive(serde::Serialize)]
    struct Line<'a, T> {
        path: &'a str,
        #[serde(flatten)]
        fields: T,
    }
    serde_json::to_string(&Line { path, fields })
        .expect("string keys and plain values always serialise")
}

/// `utfast 0.1.0 (kernel: avx2; available: scalar, sse4.2, avx2)`.
pub fn version_line() -> String {
    format!(
        "utfast {} (kernel: {}; available: {})",
        env!("CARGO_PKG_VERSION"),
        Engine::active().kernel(),
        kernel_names(Kernel::available())
    )
}

/// Says why `UTFAST_KERNEL`, when set, did not choose the active kernel.
pub fn warn_if_kernel_override_ignored() {
    let Some(value) = std::env::var_os("UTFAST_KERNEL") else {
        return;
    };
    let value = value.to_string_lossy();
    if value.trim().is_empty() {
        return;
    }
    match Kernel::from_name(&value) {
        None => warn(format_args!(
            "UTFAST_KERNEL='{value}' ignored: not a kernel name (use one of {})",
            kernel_names(Kernel::ALL.iter().copied())
        )),
        Some(kernel) => {
            if let Err(error) = Engine::new(kernel) {
                warn(format_args!("UTFAST_KERNEL='{value}' ignored: {error}"));
            }
        }
    }
}

fn kernel_names(kernels: impl Iterator<Item = Kernel>) -> String {
    kernels.map(Kernel::name).collect::<Vec<_>>().join(", ")
}
