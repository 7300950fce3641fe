//! Messages and outcomes: the exit [`Status`], warnings on standard error, an
//! input's JSON line, the version line with the kernels, and the names of
//! encodings in messages and on the command line.

use std::fmt;
use std::io::{self, Write};

use utfast::{Encoding, Engine, Kernel};

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
    if let Err(error) = Engine::kernel_override() {
        warn(format_args!("{error}"));
    }
}

/// `scalar, sse4.2, avx2`.
pub fn kernel_names(kernels: impl Iterator<Item = Kernel>) -> String {
    kernels.map(Kernel::name).collect::<Vec<_>>().join(", ")
}

/// The name of an encoding in messages: the library's, but `Latin-1` and
/// `Modified UTF-8`, which say more than `ISO-8859-1` and `MUTF-8`.
pub fn label(encoding: Encoding) -> &'static str {
    match encoding {
        Encoding::Latin1 => "Latin-1",
        Encoding::Mutf8 => "Modified UTF-8",
        other => other.name(),
    }
}

/// The name of an encoding on the command line: `utf-16le`, `latin1`, `mutf-8`.
pub fn cli_name(encoding: Encoding) -> &'static str {
    match encoding {
        Encoding::Utf8 => "utf-8",
        Encoding::Utf16Le => "utf-16le",
        Encoding::Utf16Be => "utf-16be",
        Encoding::Utf32Le => "utf-32le",
        Encoding::Utf32Be => "utf-32be",
        Encoding::Latin1 => "latin1",
        Encoding::Windows1252 => "windows-1252",
        Encoding::Cesu8 => "cesu-8",
        Encoding::Mutf8 => "mutf-8",
        Encoding::Wtf8 => "wtf-8",
        other => other.name(),
    }
}

/// Bytes as lower-case hex pairs separated by spaces: `ed a0 80`.
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}
