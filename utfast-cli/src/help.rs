//! The help texts of `utfast` and its commands, which clap prints around the
//! option lists it builds from the commands' options: what each command does
//! and reports, the encodings and error modes, the environment and the exit
//! statuses. It imports no command (what it needs of one comes as an argument).

use clap::builder::styling::Styles;
use utfast::Kernel;

use crate::shared::report::kernel_names;

pub const ABOUT: &str = "\
Validate UTF-8 at memory speed, with exactly the answers of Rust's std; transcode
between UTF-8, UTF-16, UTF-32, Latin-1, CESU-8, Modified UTF-8 and WTF-8; detect
encodings and repair invalid UTF-8";

pub const VALIDATE_USAGE: &str = "utfast validate [-q | --quiet | --json] [--progress] [FILE...]";
pub const CONVERT_USAGE: &str =
    "utfast convert --from ENC --to ENC [--errors MODE] [-o OUT] [--bom | --keep-bom] \
     [-q | --quiet] [--progress] [FILE]";
pub const BENCH_USAGE: &str = "utfast bench [--quick] [--json] [--only NAME[,NAME...]] [FILE...]";
pub const DETECT_USAGE: &str = "utfast detect [--json] [FILE...]";
pub const REPAIR_USAGE: &str = "utfast repair [--backup] [-q | --quiet] [--progress] FILE...";
pub const COMPLETIONS_USAGE: &str = "utfast completions SHELL";

/// Every command's usage line, for the help of `utfast` itself.
pub fn usage() -> String {
    [
        VALIDATE_USAGE,
        CONVERT_USAGE,
        BENCH_USAGE,
        DETECT_USAGE,
        REPAIR_USAGE,
        COMPLETIONS_USAGE,
        "utfast help [COMMAND]",
        "utfast --version",
    ]
    .join("\n       ")
}

/// `title:` styled as clap styles its own headings (plain when colour is off).
fn heading(title: &str) -> String {
    let style = Styles::default().get_header().to_owned();
    format!("{style}{title}:{style:#}")
}

/// The part after the option list of `utfast --help`.
pub fn after() -> String {
    format!(
        "\
{encodings}
  {ENCODINGS}

{modes}
  strict (the default), replace, surrogate-escape, latin1, windows-1252, ignore,
  backslash-replace: see 'utfast help convert'.

{environment}
  UTFAST_KERNEL  Use this kernel instead of the fastest one, one of:
                   {kernels}
                 Ignored (with a warning from --version and bench) when this
                 CPU or build cannot run it.

{exit}
  0  Success: all input is valid UTF-8 (convert: converted; detect: every FILE
     read; repair: every FILE valid or repaired).
  1  Invalid UTF-8 found (bench: an implementation disagreed with std; convert:
     invalid input, or a character --to cannot represent).
  2  Usage error, or I/O error (an unreadable file; output that cannot be
     written). 2 wins over 1: every FILE is still checked.

'utfast help COMMAND' (or 'utfast COMMAND --help') describes a command, its
options and its report in full. '--version' also names the active kernel, e.g.
  utfast {version} (kernel: avx2; available: scalar, sse4.2, avx2)",
        encodings = heading("Encodings (ENC, for convert --from and --to)"),
        modes = heading("Error modes (MODE, for convert --errors)"),
        environment = heading("Environment"),
        exit = heading("Exit status"),
        kernels = kernel_names(Kernel::ALL.iter().copied()),
        version = env!("CARGO_PKG_VERSION"),
    )
}

/// What `ENC` may be.
const ENCODINGS: &str = "\
utf-8, utf-16le, utf-16be, utf-32le, utf-32be, latin1, windows-1252, cesu-8,
  mutf-8 (Java's Modified UTF-8), wtf-8, in any case; also utf8, utf16le, ...
  without the dash, iso-8859-1 or latin-1 for latin1, cp1252 for windows-1252,
  and modified-utf-8 or java for mutf-8.";

/// An `Exit status:` section with the lines given (a command's `*_EXIT`).
pub fn exit_status(lines: &str) -> String {
    format!("{}\n{lines}", heading("Exit status"))
}

pub const VALIDATE: &str = "\
Check that each FILE is valid UTF-8; standard input when no FILE is given, or for
'-'. Nothing is printed for a valid file. For an invalid one, a line:

    PATH:LINE:COLUMN: invalid UTF-8 at byte OFFSET: KIND (bytes: HEX)

OFFSET counts bytes from 0 (std's valid_up_to); LINE and COLUMN count from 1,
COLUMN in characters (a byte order mark that starts the input not counted); HEX
is the offending sequence, e.g. 'ed a0 80' for an encoded surrogate. Files of any size are read in blocks, in constant memory.";

pub const VALIDATE_EXIT: &str = "  0  Every input is valid UTF-8.
  1  An input is not.
  2  Usage error, or an unreadable input (the other inputs are still checked).";

pub const VALIDATE_JSON: &str = "\
Print one JSON object per input, one per line:
  {\"path\":\"a.txt\",\"valid\":true,\"bytes_checked\":1024}
  {\"path\":\"b.txt\",\"valid\":false,\"offset\":5,\"line\":2,\"column\":3,
   \"kind\":\"surrogate\",\"error_len\":1,\"bytes\":\"ed a0 80\"}
error_len (std's) is null when the input ends inside a character; kind is one
of unexpected_continuation, missing_continuation, truncated_at_end, overlong,
surrogate, too_large, invalid_byte. An unreadable input gives \"valid\":null and
an \"error\" message.";

pub const CONVERT: &str = "\
Convert FILE (standard input when none, or '-') from encoding --from to encoding
--to, writing to OUT (standard output when no -o, or for '-o -'). Input of any
size streams through in blocks, in constant memory. -o /dev/stdout, or a file
standard output already goes to, is standard output.

At the first character that --to cannot represent (above U+00FF for latin1,
outside its table for windows-1252; an unpaired surrogate, as WTF-8 input has,
for utf-8, cesu-8 and mutf-8), in every --errors mode (the modes deal with
invalid input), and by default (--errors strict) at the first invalid
character, it stops with exit status 1 and a line on standard error:

    PATH:LINE:COLUMN: invalid UTF-8 at byte OFFSET: KIND (bytes: HEX)
    PATH: invalid UTF-16LE at byte OFFSET: KIND (bytes: HEX)
    PATH:LINE:COLUMN: character U+20AC '€' at byte OFFSET cannot be written
        in ISO-8859-1 (bytes: e2 82 ac); ...

OFFSET counts bytes of the input from 0, a byte order mark included; LINE:COLUMN
(UTF-8 input only) does not count the mark (but for --keep-bom, where it is
text). OUT is written to a temporary file
beside it (.OUT.XXXXXX.utfast-tmp) and renamed to OUT at the end: after a failure
OUT is as it was. A replaced OUT keeps its mode (and owner and group, where
allowed) but is a new file: other hard links to it keep the old text (as
with 'sed -i'); a read-only OUT is refused, as '>' refuses it; a symbolic link's
target is written; an interruption (Ctrl-C, SIGTERM) removes the temporary
file. Standard output, by contrast, gets the text before the error.";

pub fn convert_after() -> String {
    format!(
        "{}\n  {ENCODINGS}\n\n{}",
        heading("Encodings (ENC)"),
        exit_status(
            "  0  Converted.
  1  Invalid input (with --errors strict), a character --to cannot represent
     (in every mode), or a byte order mark of another encoding than --from.
  2  Usage error, or I/O error.
130  Interrupted: OUT as it was (or complete, when the interruption came as it
     was renamed)."
        )
    )
}

pub const FROM: &str = "\
The encoding of the input. A byte order mark of ENC at the start is dropped; one
of another encoding is an error (exit status 1) that names that encoding
(--keep-bom converts either as text).

auto: the encoding of the byte order mark, or else the one 'utfast detect' finds
in the first 1 MiB (utf-8, utf-16le/be, utf-32le/be or windows-1252), said on
standard error with its confidence (not with --quiet). When the bytes do not look
like text (confidence below 0.40), nothing is converted: exit status 2, and a
message naming the encodings the input is valid in.";

pub const ERRORS: &str = "\
What becomes of invalid input. replace does as String::from_utf8_lossy. With
surrogate-escape, each bad byte of UTF-8 input becomes U+DC80-U+DCFF, which UTF-8
output turns back into the byte: a lossless round trip through UTF-16 or UTF-32;
unpaired surrogates of UTF-16/UTF-32 input are kept, e.g. for --to wtf-8.
latin1 and windows-1252 read each bad byte as that encoding, as HTML5 does.
ignore drops what is invalid; backslash-replace writes each bad byte as \\xNN and
an unpaired surrogate as \\uNNNN (Python's error handlers of those names).

Output in UTF-16, UTF-32 or WTF-8 keeps unpaired surrogates (WTF-8 input has
them) with strict and surrogate-escape, drops or escapes them with ignore and
backslash-replace, and has U+FFFD for them with the other modes; a kept high surrogate followed by a kept low one would read as a pair and
is an error.";

/// The help of each `--errors` mode, by its name.
pub fn error_mode(name: &str) -> &'static str {
    match name {
        "strict" => "Stop at the first invalid character, with exit status 1",
        "replace" => "Each invalid sequence or unpaired surrogate becomes U+FFFD",
        "surrogate-escape" => "Each bad byte becomes U+DC80-U+DCFF, and back to the byte",
        "latin1" => "Each bad byte is read as Latin-1",
        "windows-1252" => "Each bad byte is read as Windows-1252",
        "ignore" => "Each invalid sequence or unpaired surrogate is dropped",
        "backslash-replace" => "Each bad byte becomes \\xNN, an unpaired surrogate \\uNNNN",
        _ => "",
    }
}

pub const KEEP_BOM: &str = "\
Convert a byte order mark that starts the input as text, as any other
character: the mark of --from becomes U+FEFF in the output (written in --to, or
refused as any character --to cannot hold), and bytes that look like another
encoding's mark are read as --from text (a latin1 file that starts with 'ÿþ' or
'ï»¿'). Without it, the mark of --from is dropped and another is an error. Not
with --bom (the output would start with two marks).";

pub const BOM: &str = "\
Start the output with the byte order mark of --to (not for latin1 or
windows-1252): ef bb bf
(also for cesu-8, mutf-8 and wtf-8), ff fe, fe ff, ff fe 00 00 or 00 00 fe ff.";

/// The long help of `bench`, which takes about `seconds`.
pub fn bench(seconds: u64) -> String {
    format!(
        "\
Measure the speed (GB/s of input) of every kernel this CPU can run, of the
dispatching functions, of std and of the rival libraries built in (simdutf8 and
encoding_rs; the C++ simdutf too when built with the cargo feature 'simdutf'), in
sections: UTF-8 validation (utfast::validate_utf8 and utfast::from_utf8 against
std::str::from_utf8, simdutf8's basic and compat APIs, encoding_rs); UTF-8 to and
from UTF-16LE, UTF-32 and Latin-1; UTF-16LE validation. Every implementation is
first checked to give std's answer. The input is
generated text (ASCII, accented Latin, Cyrillic, CJK, emoji, mixed; short
strings for UTF-8 validation), or each FILE (converted when it is valid UTF-8):
run it on your own files to check our figures on your machine. Takes about
{seconds} seconds."
    )
}

pub const BENCH_EXIT: &str = "  0  Every implementation gave std's answers.
  1  An implementation disagreed with std.
  2  Usage error, or an unreadable FILE.";

/// The help of `bench --quick`, which takes about `seconds`.
pub fn quick(seconds: u64) -> String {
    format!("A rough measurement in about {seconds} seconds")
}

pub const BENCH_JSON: &str = "\
Print one JSON document instead of the tables: the utfast version, the active
kernel and those measured, the CPU, the rival libraries and their versions, the
unit and batches, and per section its columns, ratio columns and rows
({\"input\", \"bytes\", \"valid\", \"gbps\": [...], \"ratios\": [...],
\"disagree_with_std\": [...]}).";

pub const ONLY: &str = "\
Measure only the sections named (a comma-separated list; the option may be given
more than once). They share the time the whole run would take.";

pub fn detect() -> String {
    format!(
        "\
Guess the encoding of each FILE (standard input when none, or for '-'): UTF-8,
UTF-16LE, UTF-16BE, UTF-32LE, UTF-32BE or windows-1252, from its byte order mark,
its validity in each encoding and the pattern of its zero bytes. Reads only the
first {prefix} MiB of a larger input. A line per FILE:

    PATH: UTF-16LE (confidence 1.00, BOM 2 bytes)
    PATH: UTF-8 (confidence 0.99, no BOM)

Confidence 1.00: a byte order mark, and valid content; 0.90 to 0.99: valid UTF-8
with non-ASCII characters, or UTF-16/UTF-32 with the zero bytes of mostly ASCII
text; 0.80: pure ASCII; 0.75: UTF-16 with fewer zero bytes; 0.50 or less: a
guess (0.40: windows-1252 as nothing else fits).",
        prefix = utfast::detect::READ_LIMIT >> 20
    )
}

pub const DETECT_EXIT: &str = "  0  Every input was read.
  2  Usage error, or an unreadable input (the other inputs are still examined).";

pub const DETECT_JSON: &str = "\
Print one JSON object per input, one per line:
  {\"path\":\"a.txt\",\"encoding\":\"UTF-8\",\"confidence\":0.99,
   \"bom_len\":0,\"bytes_examined\":1024}
An unreadable input gives \"encoding\":null and an \"error\" message.";

pub const REPAIR: &str = "\
Make each FILE valid UTF-8 in place: each invalid sequence becomes U+FFFD,
exactly as Rust's String::from_utf8_lossy does. A valid FILE is not written to.
The repaired text goes to a temporary file beside FILE, renamed over it at the
end, so FILE is untouched on any failure. A line per repaired FILE:

    PATH: replaced 3 invalid sequences with U+FFFD (the first at byte 120)

For standard input, use 'convert --from utf-8 --to utf-8 --errors replace' (which
also drops a UTF-8 byte order mark, and refuses input that starts with another
encoding's).";

pub const REPAIR_EXIT: &str = "  0  Every FILE is valid, or repaired.
  2  Usage error, or I/O error (the other FILEs are still repaired).
130  Interrupted: the FILE being repaired as it was (those before it repaired).";

pub const COMPLETIONS: &str = "\
Print a script that completes utfast's commands, options and their values
(encodings, error modes, bench sections, files) in SHELL. For example:

    utfast completions bash > ~/.local/share/bash-completion/completions/utfast
    utfast completions zsh > ~/.zfunc/_utfast    (with ~/.zfunc in $fpath)
    utfast completions fish > ~/.config/fish/completions/utfast.fish";
