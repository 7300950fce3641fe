//! Helpers shared by the transcoding fuzz targets: turning fuzz bytes into input
//! code units and an output length ([`Header`]), running a conversion into an output
//! slice fenced by canaries ([`run`]), comparing two runs ([`same`]), and a model
//! of every conversion built on std's own decoders (`str::from_utf8`,
//! `char::decode_utf16`, `char::from_u32`) that says what a conversion must return
//! for any input and any output length ([`Decoded`], [`expected`],
//! [`agrees_with_std`]).
//!
//! The targets use them the same way: the scalar reference
//! (`utfast::reference::transcode`) is checked against the std model, and every kernel
//! this CPU can run, and the dispatching free functions, against the reference:
//! the same `Ok` count or the same error (position, kind, `written()`), and the same
//! output up to the count written. Nothing here may rely on the kernels being right.

use std::fmt::{self, Debug, Display};
use std::sync::OnceLock;

pub use utfast;
use utfast::{
    utf16::Utf16Error, utf16::Utf16ErrorKind, utf32::Utf32Error, utf32::Utf32ErrorKind, ByteOrder,
    ConversionError, Engine, ErrorMode, Kernel, OutputTooSmall, Utf8Error, Utf8ErrorKind,
};

/// Calls an operation on an implementation: `Some(engine)`, the engine's method
/// `method`; `None`, the dispatching free function at `free` (a path in
/// `utfast`): `via!(imp, utf16::to_utf8, utf16_to_utf8(src, out, order))`.
#[macro_export]
macro_rules! via {
    ($implementation:expr, $($free:ident)::+, $method:ident($($arg:expr),* $(,)?)) => {
        match $implementation {
            Some(engine) => engine.$method($($arg),*),
            None => $crate::utfast::$($free)::+($($arg),*),
        }
    };
}

/// `utf16::to_utf8_with` in `order` on an
/// implementation: lossy UTF-16 to UTF-8, which two targets check.
pub fn utf16_to_utf8_with(
    implementation: &Option<Engine>,
    order: Order,
    src: &[u16],
    out: &mut [u8],
    mode: ErrorMode,
) -> Result<usize, Utf16Error> {
    let imp = implementation.as_ref();
    via!(
        imp,
        utf16::to_utf8_with,
        utf16_to_utf8_with(src, out, order.byte_order(), mode)
    )
}

/// [`check_conversion`] of an operation against the function of
/// `utfast::reference::transcode` named `reference`:
/// `check_function! { header, decoded, worst, encode, reference => free, method(args) }`
/// (`free` and `method` as [`via!`] takes them); or, for UTF-16 in an [`Order`],
/// `check_function! { header, decoded, worst, encode, order, reference => free, method(args) }`,
/// the byte order passed last to both.
#[macro_export]
macro_rules! check_function {
    (
        $header:expr, $decoded:expr, $worst:expr, $encode:expr,
        $reference:ident => $($free:ident)::+, $method:ident($($arg:expr),*)
    ) => {
        $crate::check_conversion(
            stringify!($reference),
            $header,
            $worst,
            ($decoded, $encode, $crate::utfast::ByteOrder::NATIVE),
            |out| $crate::utfast::reference::transcode::$reference($($arg,)* out),
            |imp, out| $crate::via!(imp, $($free)::+, $method($($arg,)* out)),
        )
    };
    (
        $header:expr, $decoded:expr, $worst:expr, $encode:expr,
        $order:expr, $reference:ident => $($free:ident)::+, $method:ident($($arg:expr),*)
    ) => {{
        let order: $crate::Order = $order;
        $crate::check_conversion(
            &order.label(stringify!($reference)),
            $header,
            $worst,
            ($decoded, $encode, order.byte_order()),
            |out| $crate::utfast::reference::transcode::$reference($($arg,)* out, order.byte_order()),
            |imp, out| $crate::via!(imp, $($free)::+, $method($($arg,)* out, order.byte_order())),
        )
    }};
}

/// [`same_count_as_std`] of a length function, as [`check_function!`] names it:
/// `check_count! { reference => free, method(args), std }`, or with an [`Order`]
/// first, passed last.
#[macro_export]
macro_rules! check_count {
    ($reference:ident => $($free:ident)::+, $method:ident($($arg:expr),*), $std:expr) => {
        $crate::same_count_as_std(
            stringify!($reference),
            $crate::utfast::reference::transcode::$reference($($arg),*),
            $std,
            |imp| $crate::via!(imp, $($free)::+, $method($($arg),*)),
        )
    };
    ($order:expr, $reference:ident => $($free:ident)::+, $method:ident($($arg:expr),*), $std:expr) => {{
        let order: $crate::Order = $order;
        $crate::same_count_as_std(
            &order.label(stringify!($reference)),
            $crate::utfast::reference::transcode::$reference($($arg,)* order.byte_order()),
            $std,
            |imp| $crate::via!(imp, $($free)::+, $method($($arg,)* order.byte_order())),
        )
    }};
}

/// The implementations under test: an engine per kernel this CPU can run (scalar
/// first), then `None` for the dispatching free functions.
pub fn implementations() -> &'static [Option<Engine>] {
    static ALL: OnceLock<Vec<Option<Engine>>> = OnceLock::new();
    ALL.get_or_init(|| {
        Kernel::available()
            .map(|kernel| Some(Engine::new(kernel).expect("an available kernel constructs")))
            .chain([None])
            .collect()
    })
}

/// An engine per kernel this CPU can run (scalar first): the implementations
/// without the free functions.
pub fn engines() -> impl Iterator<Item = &'static Engine> {
    implementations().iter().flatten()
}

/// An implementation's name in failure messages.
pub fn label(implementation: &Option<Engine>) -> &'static str {
    match implementation {
        Some(engine) => engine.kernel().name(),
        None => "free function",
    }
}

/// A failure message that is written only when it is displayed: `lazy(|f|
/// write!(f, "{kernel}: {input:02X?}"))` costs nothing on the runs that pass, where
/// a `format!` would format the whole input on every run.
pub fn lazy<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result>(write: F) -> Lazy<F> {
    Lazy(write)
}

/// A message of [`lazy`].
#[derive(Clone, Copy)]
pub struct Lazy<F>(F);

impl<F: Fn(&mut fmt::Formatter<'_>) -> fmt::Result> Display for Lazy<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (self.0)(f)
    }
}

/// The byte order a function family reads or writes UTF-16 in: the plain
/// functions use the machine's, the `*le`/`*be` ones their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Native,
    Little,
    Big,
}

impl Order {
    pub const ALL: [Order; 3] = [Order::Native, Order::Little, Order::Big];

    pub fn byte_order(self) -> ByteOrder {
        match self {
            Order::Native => ByteOrder::NATIVE,
            Order::Little => ByteOrder::Little,
            Order::Big => ByteOrder::Big,
        }
    }

    /// The suffix of the functions' names: `""`, `"le"`, `"be"`.
    pub fn suffix(self) -> &'static str {
        match self {
            Order::Native => "",
            Order::Little => "le",
            Order::Big => "be",
        }
    }

    /// The one of `[native, le, be]` for this order.
    /// `name` with the byte order, for messages: `utf16_to_utf8 (le)`.
    pub fn label(self, name: &str) -> String {
        match self {
            Order::Native => name.to_string(),
            _ => format!("{name} ({})", self.suffix()),
        }
    }

    /// UTF-16 code units (values) as they are stored in this byte order.
    pub fn store(self, units: &[u16]) -> Box<[u16]> {
        let order = self.byte_order();
        units.iter().map(|&u| order.write_u16(u)).collect()
    }
}

/// Bytes at the start of every input that steer the run rather than feed it.
pub const HEADER_LEN: usize = 3;

/// What the first [`HEADER_LEN`] bytes of a fuzz input choose (missing bytes count
/// as zero):
///
/// - byte 0: the output length ([`Header::output_len`]);
/// - byte 1: bits 0-5, in units past a 64-byte boundary, where the input starts
///   when bit 7 is set (else it stays where it was made, its allocation ending
///   where it ends, so that AddressSanitizer sees reads past its end); bit 6,
///   repair the input first (each target says how);
/// - byte 2: bits 0-5, where the output slice starts, in units past a 64-byte
///   boundary.
#[derive(Clone, Copy, Debug)]
pub struct Header {
    pub output: u8,
    pub input_shift: usize,
    pub shifted: bool,
    pub repair: bool,
    pub output_shift: usize,
}

/// Splits a fuzz input into its header and the payload after it.
pub fn split(data: &[u8]) -> (Header, &[u8]) {
    let mut bytes = [0u8; HEADER_LEN];
    let n = data.len().min(HEADER_LEN);
    bytes[..n].copy_from_slice(&data[..n]);
    let header = Header {
        output: bytes[0],
        input_shift: usize::from(bytes[1] & 63),
        shifted: bytes[1] & 128 != 0,
        repair: bytes[1] & 64 != 0,
        output_shift: usize::from(bytes[2] & 63),
    };
    (header, &data[n..])
}

impl Header {
    /// The output length for a conversion that needs at most `worst` units for any
    /// input and writes `needed` units when given room (for invalid input, those of
    /// the valid prefix). By `output % 4`: 0 and 1, `worst`; 2, exactly `needed`;
    /// 3, `needed` minus 1 to 63 units (`output >> 2` plus one), or 0 when
    /// `output >> 2` is 63. The last two exercise `OutputTooSmall`.
    /// `needed` is called only for the lengths that depend on it.
    pub fn output_len(&self, worst: usize, needed: impl FnOnce() -> usize) -> usize {
        match self.output & 3 {
            0 | 1 => worst,
            2 => needed(),
            _ => match self.output >> 2 {
                63 => 0,
                short => needed().saturating_sub(1 + usize::from(short)),
            },
        }
    }

    /// The output lengths to check a conversion at, with the shift of each: the
    /// worst case at the 64-byte boundary, then [`Header::output_len`] at
    /// `output_shift` when that is another length.
    pub fn lengths(&self, worst: usize, needed: impl FnOnce() -> usize) -> Vec<(usize, usize)> {
        let len = self.output_len(worst, needed);
        let mut lengths = vec![(worst, 0)];
        if len != worst {
            lengths.push((len, self.output_shift));
        }
        lengths
    }

    /// Runs `check` on `input` where the header places it: as it is, or copied to
    /// `input_shift` units past a 64-byte boundary.
    pub fn place<T: Copy + Default, R>(&self, input: &[T], check: impl FnOnce(&[T]) -> R) -> R {
        if self.shifted {
            check(Shifted::new(input, self.input_shift).as_slice())
        } else {
            check(input)
        }
    }
}

// ---------------------------------------------------------------------------
// Inputs.

/// UTF-8 input: the payload as it is, or, repaired, its valid UTF-8 form
/// (`String::from_utf8_lossy`: each invalid sequence becomes U+FFFD). Owned input
/// fills its allocation exactly, so that reading past its end is a heap overflow
/// that AddressSanitizer reports.
pub fn utf8_input(payload: &[u8], repair: bool) -> Box<[u8]> {
    if repair {
        String::from_utf8_lossy(payload)
            .into_owned()
            .into_bytes()
            .into()
    } else {
        payload.into()
    }
}

/// UTF-16 code units (values, in no byte order yet) from the payload's byte pairs,
/// little-endian; an odd last byte is dropped. Repaired, the values are spread over
/// character widths (of 64 Ki values a quarter become ASCII, a quarter U+0080 to
/// U+07FF) and every surrogate becomes a well-formed pair (a high one takes its low
/// one's bits from the next value), so the units are valid UTF-16.
pub fn utf16_units(payload: &[u8], repair: bool) -> Box<[u16]> {
    let mut raw = payload
        .chunks_exact(2)
        .map(|pair| u16::from_le_bytes([pair[0], pair[1]]));
    if !repair {
        return raw.collect();
    }
    let mut units = Vec::with_capacity(payload.len());
    while let Some(value) = raw.next() {
        let value = match value >> 14 {
            0 => value & 0x7F,
            1 => value & 0x7FF,
            _ => value,
        };
        match value {
            0xD800..=0xDFFF => {
                let low = raw.next().unwrap_or(value);
                units.push(0xD800 | (value & 0x3FF));
                units.push(0xDC00 | (low & 0x3FF));
            }
            _ => units.push(value),
        }
    }
    units.into_boxed_slice()
}

/// UTF-32 values from the payload's groups of four bytes, little-endian; bytes
/// left over are dropped. Repaired, each value is made a scalar value of a width
/// its top two bits choose (ASCII, below U+0800, below U+10000, above U+FFFF); a
/// surrogate moves down by U+0800.
pub fn utf32_units(payload: &[u8], repair: bool) -> Box<[u32]> {
    payload
        .chunks_exact(4)
        .map(|quad| {
            let raw = u32::from_le_bytes([quad[0], quad[1], quad[2], quad[3]]);
            if !repair {
                return raw;
            }
            let value = match raw >> 30 {
                0 => raw & 0x7F,
                1 => raw & 0x7FF,
                2 => raw & 0xFFFF,
                _ => 0x1_0000 + (raw & 0xF_FFFF),
            };
            if (0xD800..=0xDFFF).contains(&value) {
                value - 0x800
            } else {
                value
            }
        })
        .collect()
}

/// Text that Latin-1 can nearly always represent: each payload byte is the
/// character U+00xx, except 81 and 8D (unassigned in Windows-1252, rare in text),
/// which stand for '€' (3 UTF-8 bytes) and '😀' (4 bytes, a surrogate pair) so
/// that a single byte puts a character above U+00FF anywhere.
pub fn latin1_text(payload: &[u8]) -> String {
    payload
        .iter()
        .map(|&b| match b {
            0x81 => '€',
            0x8D => '😀',
            _ => char::from(b),
        })
        .collect()
}

/// A copy of some input that starts a chosen number of units past a 64-byte
/// boundary, so that vector loads meet every alignment.
pub struct Shifted<T> {
    buffer: Vec<T>,
    start: usize,
    len: usize,
}

impl<T: Copy + Default> Shifted<T> {
    pub fn new(src: &[T], shift: usize) -> Shifted<T> {
        let span = 64 / std::mem::size_of::<T>();
        let mut buffer = vec![T::default(); span + shift + src.len()];
        let start = buffer.as_ptr().align_offset(64).min(span) + shift;
        buffer[start..start + src.len()].copy_from_slice(src);
        Shifted {
            buffer,
            start,
            len: src.len(),
        }
    }

    pub fn as_slice(&self) -> &[T] {
        &self.buffer[self.start..self.start + self.len]
    }
}

// ---------------------------------------------------------------------------
// Running a conversion.

/// An output code unit, with the value that fills the memory around an output
/// slice to catch writes out of bounds.
pub trait Unit: Copy + PartialEq + Debug + Default {
    const CANARY: Self;
}

impl Unit for u8 {
    const CANARY: u8 = 0xA5;
}

impl Unit for u16 {
    const CANARY: u16 = 0xA5A5;
}

impl Unit for u32 {
    const CANARY: u32 = 0xA5A5_A5A5;
}

/// Why a conversion stopped, in terms both the error types and the std model can
/// state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Invalid input, and what std's decoder says about it.
    Invalid(Detail),
    /// No room in the output for the next character.
    OutputTooSmall,
    /// A character above U+00FF on the way to Latin-1; its width in input units
    /// where the error reports it (UTF-8 input), else `None`.
    NotLatin1(Option<usize>),
}

/// What std knows about an invalid character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// `std::str::Utf8Error::error_len`.
    Utf8 { error_len: Option<usize> },
    /// Derived from `char::decode_utf16`'s unpaired surrogate and its position.
    Utf16(Utf16ErrorKind),
    /// Derived from the value `char::from_u32` refused.
    Utf32(Utf32ErrorKind),
}

/// The transcoding errors, summarised as `(position, written, why)`: the
/// position and count come from the library's [`ConversionError`] (`read()`,
/// `written()`), the reason from the kind.
pub trait Summarised: ConversionError + PartialEq {
    /// Why the conversion stopped.
    fn stop(&self) -> Stop;

    fn summary(&self) -> (usize, usize, Stop) {
        (self.read(), self.written(), self.stop())
    }
}

impl Summarised for Utf8Error {
    fn stop(&self) -> Stop {
        match self.kind() {
            _ if self.is_output_too_small() => Stop::OutputTooSmall,
            Utf8ErrorKind::NotLatin1 => Stop::NotLatin1(self.error_len()),
            _ => Stop::Invalid(Detail::Utf8 {
                error_len: self.error_len(),
            }),
        }
    }
}

/// `Summarised` for the errors of UTF-16 and UTF-32 input, alike but for
/// their kinds.
macro_rules! wide_summarised {
    ($($error:ty, $kind:ident, $detail:ident;)*) => {$(
        impl Summarised for $error {
            fn stop(&self) -> Stop {
                match self.kind() {
                    _ if self.is_output_too_small() => Stop::OutputTooSmall,
                    $kind::NotLatin1 => Stop::NotLatin1(None),
                    kind => Stop::Invalid(Detail::$detail(kind)),
                }
            }
        }
    )*};
}

wide_summarised! {
    Utf16Error, Utf16ErrorKind, Utf16;
    Utf32Error, Utf32ErrorKind, Utf32;
}

impl Summarised for OutputTooSmall {
    fn stop(&self) -> Stop {
        Stop::OutputTooSmall
    }
}

/// A conversion's result and the output it vouches for: `dst[..n]` for `Ok(n)`,
/// `dst[..written()]` for an error.
#[derive(Debug)]
pub struct Outcome<T, E> {
    pub result: Result<usize, E>,
    pub output: Vec<T>,
}

impl<T, E: Summarised> Outcome<T, E> {
    /// Units written: the `Ok` count or the error's `written()`.
    pub fn written(&self) -> usize {
        match &self.result {
            Ok(n) => *n,
            Err(e) => e.written(),
        }
    }
}

/// Bytes of canary on each side of an output slice (at least; the alignment shift
/// adds to the front).
const GUARD_BYTES: usize = 64;

/// Runs `convert` on an output slice of `len` units that starts `shift` units past
/// a 64-byte boundary and is filled with the canary, between canaries; panics if
/// anything outside the slice changed or the count written exceeds `len`.
pub fn run<T: Unit, E: Summarised>(
    what: impl Display,
    len: usize,
    shift: usize,
    convert: impl FnOnce(&mut [T]) -> Result<usize, E>,
) -> Outcome<T, E> {
    let span = GUARD_BYTES / std::mem::size_of::<T>();
    let mut buffer = vec![T::CANARY; 2 * span + shift + len + span];
    let start = buffer.as_ptr().align_offset(64).min(span) + span + shift;
    let result = convert(&mut buffer[start..start + len]);
    let outside = buffer[..start]
        .iter()
        .chain(&buffer[start + len..])
        .position(|&unit| unit != T::CANARY);
    assert_eq!(
        outside, None,
        "{what}: wrote outside the output slice of {len} units"
    );
    let outcome = Outcome {
        output: Vec::new(),
        result,
    };
    let n = outcome.written();
    assert!(n <= len, "{what}: claims {n} units written into {len}");
    Outcome {
        output: buffer[start..start + n].to_vec(),
        ..outcome
    }
}

/// Asserts that two runs agree exactly: the result (error kind included),
/// `written()` (which `Utf8Error`'s equality ignores), and the output.
pub fn same<T: Unit, E: Summarised>(what: &str, got: &Outcome<T, E>, want: &Outcome<T, E>) {
    assert_eq!(got.result, want.result, "{what}: result differs");
    assert_eq!(got.written(), want.written(), "{what}: written differs");
    assert_eq!(got.output, want.output, "{what}: output differs");
}

/// Asserts that runs with different error types agree in what both can say: the
/// result, or where and why they stopped, and the output. For a `&str` conversion
/// against the conversion of the same bytes.
pub fn same_summary<T: Unit, E: Summarised, F: Summarised>(
    what: &str,
    got: &Outcome<T, E>,
    want: &Outcome<T, F>,
) {
    assert_eq!(
        got.result.map_err(|e| e.summary()),
        want.result.map_err(|e| e.summary()),
        "{what}: result differs"
    );
    assert_eq!(got.output, want.output, "{what}: output differs");
}

/// Asserts that a length function gives the same count in every implementation.
pub fn same_count(what: &str, want: usize, count: impl Fn(Option<&Engine>) -> usize) {
    same_answer(what, want, count);
}

/// Asserts that the reference's count `want` is std's (where there is one), then
/// that every implementation gives it; returns `want`.
pub fn same_count_as_std(
    what: &str,
    want: usize,
    std: Option<usize>,
    count: impl Fn(Option<&Engine>) -> usize,
) -> usize {
    if let Some(std) = std {
        assert_eq!(want, std, "reference {what}");
    }
    same_count(what, want, count);
    want
}

/// Asserts that `answer` of every implementation is `want`.
pub fn same_answer<T: PartialEq + Debug>(
    what: &str,
    want: T,
    answer: impl Fn(Option<&Engine>) -> T,
) {
    for implementation in implementations() {
        assert_eq!(
            answer(implementation.as_ref()),
            want,
            "{}: {what} differs from the reference",
            label(implementation)
        );
    }
}

/// Asserts that a conversion into a `Vec` (`got`) agrees with the reference's
/// into an output with room (`want`): `std_output()` when both succeed, else the
/// same error and `written()`.
#[track_caller]
pub fn same_vec<T: PartialEq + Debug, E: Summarised + PartialEq>(
    what: impl Display,
    got: Result<Vec<T>, E>,
    want: &Result<usize, E>,
    std_output: impl FnOnce() -> Vec<T>,
) {
    match (got, want) {
        (Ok(output), Ok(_)) => assert_eq!(output, std_output(), "{what}"),
        (Err(e), Err(want)) => {
            assert_eq!((&e, e.written()), (want, want.written()), "{what} error")
        }
        (got, want) => panic!("{what} gave {got:?}, the reference {want:?}"),
    }
}

// ---------------------------------------------------------------------------
// The std model.

/// An input as std decodes it: each character with the index of its first input
/// unit, up to the first invalid one, and where that starts and what std says
/// about it. Latin-1 input is never invalid.
#[derive(Debug)]
pub struct Decoded {
    pub chars: Vec<(usize, char)>,
    pub invalid: Option<(usize, Detail)>,
    /// Whether the input's error type reports the width of a character above
    /// U+00FF (only `Utf8Error` does, as `error_len`).
    reports_width: bool,
    /// The width of a character in input units.
    width: fn(char) -> usize,
}

impl Decoded {
    /// UTF-8 bytes, by `std::str::from_utf8`.
    pub fn utf8(input: &[u8]) -> Decoded {
        let (text, invalid) = match std::str::from_utf8(input) {
            Ok(text) => (text, None),
            Err(e) => {
                let prefix = std::str::from_utf8(&input[..e.valid_up_to()])
                    .expect("std's valid prefix is valid");
                let detail = Detail::Utf8 {
                    error_len: e.error_len(),
                };
                (prefix, Some((e.valid_up_to(), detail)))
            }
        };
        Decoded {
            chars: text.char_indices().collect(),
            invalid,
            reports_width: true,
            width: char::len_utf8,
        }
    }

    /// UTF-16 code units (values), by `char::decode_utf16`.
    pub fn utf16(units: &[u16]) -> Decoded {
        let mut chars = Vec::with_capacity(units.len());
        let mut invalid = None;
        let mut at = 0;
        for decoded in char::decode_utf16(units.iter().copied()) {
            match decoded {
                Ok(c) => {
                    chars.push((at, c));
                    at += c.len_utf16();
                }
                Err(e) => {
                    let kind = match e.unpaired_surrogate() {
                        0xDC00..=0xDFFF => Utf16ErrorKind::UnpairedLowSurrogate,
                        _ if at + 1 == units.len() => Utf16ErrorKind::TruncatedAtEnd,
                        _ => Utf16ErrorKind::UnpairedHighSurrogate,
                    };
                    invalid = Some((at, Detail::Utf16(kind)));
                    break;
                }
            }
        }
        Decoded {
            chars,
            invalid,
            reports_width: false,
            width: char::len_utf16,
        }
    }

    /// UTF-32 values, by `char::from_u32`.
    pub fn utf32(values: &[u32]) -> Decoded {
        let mut chars = Vec::with_capacity(values.len());
        let mut invalid = None;
        for (at, &value) in values.iter().enumerate() {
            match char::from_u32(value) {
                Some(c) => chars.push((at, c)),
                None => {
                    let kind = if (0xD800..=0xDFFF).contains(&value) {
                        Utf32ErrorKind::Surrogate
                    } else {
                        Utf32ErrorKind::TooLarge
                    };
                    invalid = Some((at, Detail::Utf32(kind)));
                    break;
                }
            }
        }
        Decoded {
            chars,
            invalid,
            reports_width: false,
            width: |_| 1,
        }
    }

    /// Latin-1 bytes: byte `b` is U+00`b`.
    pub fn latin1(input: &[u8]) -> Decoded {
        Decoded {
            chars: input
                .iter()
                .enumerate()
                .map(|(at, &b)| (at, char::from(b)))
                .collect(),
            invalid: None,
            reports_width: false,
            width: |_| 1,
        }
    }

    /// Whether the whole input is valid.
    pub fn is_valid(&self) -> bool {
        self.invalid.is_none()
    }

    /// What a check of the input must say, as [`Summarised::summary`] puts
    /// it: `Ok(())`, or where the input stops being valid and why (nothing written).
    pub fn check_summary(&self) -> Result<(), (usize, usize, Stop)> {
        match self.invalid {
            None => Ok(()),
            Some((at, detail)) => Err((at, 0, Stop::Invalid(detail))),
        }
    }

    /// The characters of a valid input (`None` for invalid input).
    pub fn text(&self) -> Option<String> {
        self.is_valid()
            .then(|| self.chars.iter().map(|&(_, c)| c).collect())
    }
}

/// An output encoding for the model: appends a character's units, and says
/// whether the encoding can represent it (if not, it appends one placeholder unit,
/// since a conversion needs room for a unit before it can tell).
pub type Encode<T> = fn(char, ByteOrder, &mut Vec<T>) -> bool;

pub fn to_utf8(c: char, _: ByteOrder, out: &mut Vec<u8>) -> bool {
    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
    true
}

pub fn to_utf16(c: char, order: ByteOrder, out: &mut Vec<u16>) -> bool {
    out.extend(
        c.encode_utf16(&mut [0; 2])
            .iter()
            .map(|&u| order.write_u16(u)),
    );
    true
}

pub fn to_utf32(c: char, _: ByteOrder, out: &mut Vec<u32>) -> bool {
    out.push(u32::from(c));
    true
}

pub fn to_latin1(c: char, _: ByteOrder, out: &mut Vec<u8>) -> bool {
    out.push(u32::from(c) as u8);
    u32::from(c) <= 0xFF
}

/// What converting `decoded` into an output of `len` units must give, by the rule
/// of every direction: conversion stops at the first character that is invalid,
/// has no room in the output, or cannot be represented, checked in that order.
#[derive(Debug)]
pub struct Expected<T> {
    pub result: Result<usize, (usize, usize, Stop)>,
    pub output: Vec<T>,
}

pub fn expected<T>(
    decoded: &Decoded,
    len: usize,
    encode: Encode<T>,
    order: ByteOrder,
) -> Expected<T> {
    let mut output = Vec::new();
    for &(at, c) in &decoded.chars {
        let before = output.len();
        let representable = encode(c, order, &mut output);
        let stop = if output.len() > len {
            Stop::OutputTooSmall
        } else if !representable {
            Stop::NotLatin1(decoded.reports_width.then(|| (decoded.width)(c)))
        } else {
            continue;
        };
        output.truncate(before);
        return Expected {
            result: Err((at, before, stop)),
            output,
        };
    }
    let result = match decoded.invalid {
        Some((at, detail)) => Err((at, output.len(), Stop::Invalid(detail))),
        None => Ok(output.len()),
    };
    Expected { result, output }
}

/// Asserts that a run (of the reference) gives what the std model expects.
pub fn agrees_with_std<T: Unit, E: Summarised>(
    what: &str,
    got: &Outcome<T, E>,
    want: &Expected<T>,
) {
    assert_eq!(
        got.result.map_err(|e| e.summary()),
        want.result,
        "{what}: result differs from std's"
    );
    assert_eq!(got.output, want.output, "{what}: output differs from std's");
}

/// Checks one conversion in full: the reference (`reference`) against the std
/// model, then every implementation (`convert(Some(engine))` per kernel,
/// `convert(None)` for the free function) against the reference, with the output
/// length the header chooses from `worst`. Returns that length and the reference's
/// outcome.
pub fn check_conversion<T: Unit, E: Summarised>(
    what: &str,
    header: &Header,
    worst: usize,
    model: (&Decoded, Encode<T>, ByteOrder),
    reference: impl Fn(&mut [T]) -> Result<usize, E>,
    convert: impl Fn(Option<&Engine>, &mut [T]) -> Result<usize, E>,
) -> (usize, Outcome<T, E>) {
    let len = header.output_len(worst, || run(what, worst, 0, &reference).written());
    let want = run(what, len, header.output_shift, &reference);
    let (decoded, encode, order) = model;
    agrees_with_std(
        &format!("reference {what} into {len}"),
        &want,
        &expected(decoded, len, encode, order),
    );
    for implementation in implementations() {
        let name = format!("{}: {what} into {len}", label(implementation));
        let got = run(&name, len, header.output_shift, |out| {
            convert(implementation.as_ref(), out)
        });
        same(&name, &got, &want);
    }
    (len, want)
}
