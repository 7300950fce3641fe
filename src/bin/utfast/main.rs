//! The `utfast` command-line tool: `validate` checks that files are UTF-8 and says
//! where and why they are not; `convert` transcodes between UTF-8, UTF-16, UTF-32
//! and Latin-1; `bench` measures every kernel against std. This file runs the
//! parsed command, prints the help and version texts, and turns outcomes into the
//! exit status.
#![forbid(unsafe_code)]

mod args;
mod bench;
mod convert;
mod detect;
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
        Err(error) => {
            warn(format_args!("{error}"));
            Status::Error
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
        Command::Help => {
            out.write_all(help_text().as_bytes())?;
            Status::Success
        }
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

fn help_text() -> String {
    format!(
        "\
utfast {version}: validate UTF-8 at memory speed, with exactly the answers of Rust's std,
transcode between UTF-8, UTF-16, UTF-32, Latin-1, CESU-8, Modified UTF-8 and WTF-8,
detect encodings and repair invalid UTF-8

USAGE:
    utfast validate [-q | --quiet | --json] [FILE...]
    utfast convert --from ENC --to ENC [--errors MODE] [-o OUT] [--bom] [-q | --quiet] [FILE]
    utfast bench [--quick] [--only NAME[,NAME...]] [FILE...]
    utfast detect [--json] [FILE...]
    utfast repair [--backup] [-q | --quiet] FILE...
    utfast --version
    utfast --help

COMMANDS:
    validate  Check that each FILE is valid UTF-8; standard input when no FILE is
              given, or for '-'. Nothing is printed for a valid file. For an
              invalid one, a line:
                  PATH:LINE:COLUMN: invalid UTF-8 at byte OFFSET: KIND (bytes: HEX)
              OFFSET counts bytes from 0 (std's valid_up_to); LINE and COLUMN count
              from 1, COLUMN in characters; HEX is the offending sequence, e.g.
              'ed a0 80' for an encoded surrogate. Files of any size are read in
              1 MiB chunks.
    convert   Convert FILE (standard input when none, or '-') from encoding
              --from to encoding --to, writing to OUT (standard output when no
              -o, or for '-o -'). ENC is one of utf-8, utf-16le, utf-16be,
              utf-32le, utf-32be, latin1, cesu-8, mutf-8 (Java's Modified
              UTF-8), wtf-8, in any case; also utf8, utf16le, ... without the
              dash, iso-8859-1 or latin-1 for latin1, and modified-utf-8 or
              java for mutf-8. Input of any size streams through in 1 MiB
              blocks. By default (--errors strict), at the first invalid
              character, or one that --to cannot represent (above U+00FF for
              latin1; an unpaired surrogate, as WTF-8 input has, for utf-8,
              cesu-8 and mutf-8), it stops with exit status 1 and a line on
              standard error:
                  PATH:LINE:COLUMN: invalid UTF-8 at byte OFFSET: KIND (bytes: HEX)
                  PATH: invalid UTF-16LE at byte OFFSET: KIND (bytes: HEX)
                  PATH:LINE:COLUMN: character U+20AC '€' at byte OFFSET cannot
                      be written in Latin-1 (bytes: e2 82 ac); ...
              OFFSET counts bytes of the input from 0, a byte order mark
              included; LINE:COLUMN (UTF-8 input only) does not count the mark.
              OUT is written to a temporary file beside it (.OUT.utfast-tmp-PID)
              and renamed to OUT at the end: after a failure OUT is as it was.
              Standard output, by contrast, gets the text before the error.
    bench     Measure the speed (GB/s of input) of every kernel this CPU can
              run, of the dispatching functions and of std, in sections: UTF-8
              validation (utfast::validate_utf8 and utfast::from_utf8 against
              std::str::from_utf8); UTF-8 to and from UTF-16LE, UTF-32 and
              Latin-1; UTF-16LE validation. Every implementation is first
              checked to give std's answer. The input is generated text (ASCII,
              accented Latin, Cyrillic, CJK, emoji, mixed; short strings for
              UTF-8 validation), or each FILE (converted when it is valid
              UTF-8). Takes about {full} seconds.
    detect    Guess the encoding of each FILE (standard input when none, or
              for '-'): UTF-8, UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE or
              windows-1252, from its byte order mark, its validity in each
              encoding and the pattern of its zero bytes. Reads only the first
              {detect_prefix} MiB of a larger input. A line per FILE:
                  PATH: UTF-16LE (confidence 1.00, BOM 2 bytes)
                  PATH: UTF-8 (confidence 0.99, no BOM)
              Confidence 1.00: a byte order mark, and valid content; 0.90 to
              0.99: valid UTF-8 with non-ASCII characters, or UTF-16/UTF-32
              with the zero bytes of mostly ASCII text; 0.80: pure ASCII;
              0.75: UTF-16 with fewer zero bytes; 0.50 or less: a guess
              (0.40: windows-1252 as nothing else fits).
    repair    Make each FILE valid UTF-8 in place: each invalid sequence
              becomes U+FFFD, exactly as Rust's String::from_utf8_lossy does.
              A valid FILE is not written to. The repaired text goes to a
              temporary file beside FILE, renamed over it at the end, so FILE
              is untouched on any failure. A line per repaired FILE:
                  PATH: replaced 3 invalid sequences with U+FFFD (the first
                      at byte 120)
              For standard input, use 'convert --from utf-8 --to utf-8
              --errors replace' (which also drops a UTF-8 byte order mark,
              and refuses input that starts with another encoding's).
    help      Print this help.

VALIDATE OPTIONS:
    -q, --quiet    Print nothing; only the exit status tells.
    --json         Print one JSON object per input, one per line:
                     {{\"path\":\"a.txt\",\"valid\":true,\"bytes_checked\":1024}}
                     {{\"path\":\"b.txt\",\"valid\":false,\"offset\":5,\"line\":2,\"column\":3,
                      \"kind\":\"surrogate\",\"error_len\":1,\"bytes\":\"ed a0 80\"}}
                   error_len (std's) is null when the input ends inside a
                   character; kind is one of unexpected_continuation,
                   missing_continuation, truncated_at_end, overlong, surrogate,
                   too_large, invalid_byte. An unreadable input gives
                   \"valid\":null and an \"error\" message.

DETECT OPTIONS:
    --json         Print one JSON object per input, one per line:
                     {{\"path\":\"a.txt\",\"encoding\":\"UTF-8\",\"confidence\":0.99,
                      \"bom_len\":0,\"bytes_examined\":1024}}
                   An unreadable input gives \"encoding\":null and an
                   \"error\" message.

CONVERT OPTIONS:
    -f, --from ENC     The encoding of the input. A byte order mark of ENC at
                       the start is dropped; one of another encoding is an
                       error (exit status 1) that names that encoding.
    -t, --to ENC       The encoding of the output.
    -e, --errors MODE  What becomes of invalid input: strict (the default:
                       stop, exit status 1); replace (each invalid sequence
                       becomes U+FFFD, as String::from_utf8_lossy; an
                       unpaired surrogate too); surrogate-escape (each bad
                       byte of UTF-8 input becomes U+DC80-U+DCFF, which
                       UTF-8 output turns back into the byte: a lossless
                       round trip through UTF-16 or UTF-32; unpaired
                       surrogates of UTF-16/UTF-32 input are kept, e.g. for
                       --to wtf-8); latin1 or windows-1252 (each bad byte
                       is read as that encoding, as HTML5 does). Output in
                       UTF-16, UTF-32 or WTF-8 keeps unpaired surrogates
                       (WTF-8 input has them) with strict and
                       surrogate-escape, and has U+FFFD for them with the
                       other modes; a kept high surrogate followed by a kept
                       low one would read as a pair and is an error.
    -o, --output OUT   Write to the file OUT instead of standard output.
    --bom              Start the output with the byte order mark of --to (not
                       for latin1): ef bb bf (also for cesu-8, mutf-8 and
                       wtf-8), ff fe, fe ff, ff fe 00 00 or 00 00 fe ff.
    -q, --quiet        No report of invalid input (exit status 1); I/O errors
                       are still reported.
    Values also go after '=' (--from=utf-8) or right after -f, -t, -o, -e.

REPAIR OPTIONS:
    --backup       Keep each repaired FILE's original as FILE.bak (refused if
                   FILE.bak exists).
    -q, --quiet    No line per repaired FILE; errors are still reported.

BENCH OPTIONS:
    --quick        A rough measurement in about {quick} seconds.
    --only NAME    Measure only the sections named (a comma-separated list; the
                   option may be given more than once): validate-utf8,
                   utf8-to-utf16le, utf16le-to-utf8, utf8-to-utf32,
                   utf32-to-utf8, latin1-to-utf8, utf8-to-latin1,
                   validate-utf16le; or the groups validate (both validations)
                   and transcode (the six conversions). They share the
                   time the whole run would take.

OPTIONS:
    -h, --help     Print this help (also after a command).
    -V, --version  Print the version and the active kernel, e.g.
                     utfast {version} (kernel: avx2; available: scalar, sse4.2, avx2)

ENVIRONMENT:
    UTFAST_KERNEL  Use this kernel instead of the fastest one, one of:
                     {kernels}
                   Ignored (with a warning from --version and bench) when this
                   CPU or build cannot run it.

EXIT STATUS:
    0  Success: all input is valid UTF-8 (convert: converted; detect: every
       FILE read; repair: every FILE valid or repaired).
    1  Invalid UTF-8 found (bench: an implementation disagreed with std;
       convert: invalid input, or a character --to cannot represent).
    2  Usage error, or I/O error (an unreadable file; output that cannot be
       written). 2 wins over 1: every FILE is still checked.
",
        version = env!("CARGO_PKG_VERSION"),
        full = bench::FULL.seconds(),
        quick = bench::QUICK.seconds(),
        kernels = kernel_names(Kernel::ALL.iter().copied()),
        detect_prefix = detect::PREFIX >> 20,
    )
}
