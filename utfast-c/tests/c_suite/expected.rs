//! The Rust API's answers to the calls `tests/dump_results.c` makes, in its
//! line format, computed without the C crate: the library's own functions
//! (`utf8::to_utf16`, `utf16::check`, `rows::validate_utf8`,
//! `stream::Transcoder`, ...), their errors read into the C terms with the
//! status and kind numbers of `utfast.h` written out here (they are the ABI).
//!
//! The Windows-1252 conversions and UTF-16LE <-> BE have no one-shot Rust
//! function: their answers come from first principles, the transcoder's
//! output for the whole input with all the room it needs, cut back to the
//! whole characters a smaller buffer holds, and std's decoders counting the
//! input those characters came from.

use std::fmt::Write as _;

use utfast::rows;
use utfast::stream::{Status, TranscodeErrorKind, Transcoder};
use utfast::utf16::{Utf16Error, Utf16ErrorKind};
use utfast::utf32::{Utf32Error, Utf32ErrorKind};
use utfast::{latin1, utf16, utf32, utf8};
use utfast::{ByteOrder, Encoding, ErrorMode, OutputTooSmall, Utf8Error, Utf8ErrorKind};

use super::inputs::Input;

const OK: u8 = 0;
const INVALID: u8 = 1;
const SMALL: u8 = 2;
const KIND_OUTPUT_TOO_SMALL: u8 = 10;

/// The `utfast_error_kind` of a library kind, by its stable name.
fn kind_code(name: &str) -> u8 {
    match name {
        "unexpected_continuation" => 1,
        "missing_continuation" => 2,
        "truncated_at_end" => 3,
        "overlong" => 4,
        "surrogate" => 5,
        "too_large" => 6,
        "invalid_byte" => 7,
        "unpaired_high_surrogate" => 8,
        "unpaired_low_surrogate" => 9,
        "output_too_small" => KIND_OUTPUT_TOO_SMALL,
        "not_latin1" => 11,
        _ => panic!("a kind utfast.h does not name: {name}"),
    }
}

fn transcode_kind(kind: TranscodeErrorKind) -> u8 {
    match kind {
        TranscodeErrorKind::Utf8(kind) => kind_code(kind.name()),
        TranscodeErrorKind::Utf16(kind) => kind_code(kind.name()),
        TranscodeErrorKind::Utf32(kind) => kind_code(kind.name()),
        TranscodeErrorKind::IncompleteUnit => 12,
        TranscodeErrorKind::Unmappable(_) => 13,
        TranscodeErrorKind::ForeignBom(_) => 14,
        other => panic!("unexpected in these tests: {other:?}"),
    }
}

/// One call's answer in the C API's terms (a `utfast_result`).
#[derive(Clone, Copy, Debug)]
struct Answer {
    status: u8,
    position: usize,
    written: usize,
    error_len: usize,
    kind: u8,
}

impl Answer {
    fn ok(position: usize, written: usize) -> Answer {
        Answer {
            status: OK,
            position,
            written,
            error_len: 0,
            kind: 0,
        }
    }

    fn small(position: usize, written: usize) -> Answer {
        Answer {
            status: SMALL,
            position,
            written,
            error_len: 0,
            kind: KIND_OUTPUT_TOO_SMALL,
        }
    }

    fn invalid(position: usize, written: usize, error_len: usize, kind: u8) -> Answer {
        Answer {
            status: INVALID,
            position,
            written,
            error_len,
            kind,
        }
    }

    /// A validation's answer: nothing written.
    fn checked(mut self) -> Answer {
        self.written = 0;
        self
    }
}

fn utf8_answer(e: Utf8Error) -> Answer {
    match e.kind() {
        Utf8ErrorKind::OutputTooSmall => Answer::small(e.valid_up_to(), e.written()),
        kind => Answer::invalid(
            e.valid_up_to(),
            e.written(),
            e.error_len().unwrap_or(0),
            kind_code(kind.name()),
        ),
    }
}

/// A UTF-16 error: 1 unit for an unpaired surrogate, none at the end, the
/// character's units when it is not Latin-1.
fn utf16_answer(e: Utf16Error, src: &[u16], order: ByteOrder) -> Answer {
    let at = e.valid_up_to();
    let len = match e.kind() {
        Utf16ErrorKind::OutputTooSmall => return Answer::small(at, e.written()),
        Utf16ErrorKind::TruncatedAtEnd => 0,
        Utf16ErrorKind::NotLatin1 => {
            let high = src.get(at).map(|&u| order.read_u16(u));
            if high.is_some_and(|u| (0xD800..0xDC00).contains(&u)) {
                2
            } else {
                1
            }
        }
        _ => 1,
    };
    Answer::invalid(at, e.written(), len, kind_code(e.kind().name()))
}

fn utf32_answer(e: Utf32Error) -> Answer {
    match e.kind() {
        Utf32ErrorKind::OutputTooSmall => Answer::small(e.valid_up_to(), e.written()),
        kind => Answer::invalid(e.valid_up_to(), e.written(), 1, kind_code(kind.name())),
    }
}

fn too_small_answer(e: OutputTooSmall) -> Answer {
    Answer::small(e.read(), e.written())
}

/// The integer units of the C buffers, as bytes in memory.
trait Unit: Copy + Default {
    fn put_bytes(units: &[Self], out: &mut Vec<u8>);
}

impl Unit for u8 {
    fn put_bytes(units: &[u8], out: &mut Vec<u8>) {
        out.extend_from_slice(units);
    }
}

impl Unit for u16 {
    fn put_bytes(units: &[u16], out: &mut Vec<u8>) {
        out.extend(units.iter().flat_map(|u| u.to_ne_bytes()));
    }
}

impl Unit for u32 {
    fn put_bytes(units: &[u32], out: &mut Vec<u8>) {
        out.extend(units.iter().flat_map(|u| u.to_ne_bytes()));
    }
}

fn bytes_of<T: Unit>(units: &[T]) -> Vec<u8> {
    let mut out = Vec::new();
    T::put_bytes(units, &mut out);
    out
}

/// Calls a library conversion into a buffer of `cap` units: the answer and
/// the bytes of the output it reports.
fn call<O: Unit, E>(
    len: usize,
    cap: usize,
    convert: impl FnOnce(&mut [O]) -> Result<usize, E>,
    answer: impl FnOnce(E) -> Answer,
) -> (Answer, Vec<u8>) {
    let mut out = vec![O::default(); cap];
    let a = match convert(&mut out) {
        Ok(written) => Answer::ok(len, written),
        Err(e) => answer(e),
    };
    (a, bytes_of(&out[..a.written]))
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

/// The lines, as `dump_results.c` writes them.
#[derive(Default)]
pub struct Lines(pub String);

impl Lines {
    fn put(&mut self, op: &str, size: &str, a: Answer, out: &[u8]) {
        writeln!(
            self.0,
            "{op} {size} {} {} {} {} {} {:016x}",
            a.status,
            a.position,
            a.written,
            a.error_len,
            a.kind,
            fnv(FNV_OFFSET, out)
        )
        .unwrap();
    }

    fn flag(&mut self, op: &str, value: bool) {
        writeln!(self.0, "{op} {}", u8::from(value)).unwrap();
    }

    fn size(&mut self, op: &str, value: usize) {
        writeln!(self.0, "{op} {value}").unwrap();
    }

    fn hash(&mut self, op: &str, bytes: &[u8]) {
        writeln!(self.0, "{op} {:016x}", fnv(FNV_OFFSET, bytes)).unwrap();
    }

    /// A conversion with room for any answer (`full` units), then one unit
    /// less than it wrote, then half of it.
    fn sweep(&mut self, op: &str, full: usize, convert: impl Fn(usize) -> (Answer, Vec<u8>)) {
        let (a, out) = convert(full);
        self.put(op, "full", a, &out);
        if a.written > 0 {
            for (size, cap) in [("minus1", a.written - 1), ("half", a.written / 2)] {
                let (a, out) = convert(cap);
                self.put(op, size, a, &out);
            }
        }
    }
}

/// UTF-32 in this machine's byte order, as the C buffers hold it.
const UTF32_NATIVE: Encoding = if cfg!(target_endian = "big") {
    Encoding::Utf32Be
} else {
    Encoding::Utf32Le
};

/// The byte length of each character of valid `bytes` in `encoding`.
fn char_lens(encoding: Encoding, bytes: &[u8]) -> Vec<usize> {
    match encoding {
        Encoding::Utf8 => std::str::from_utf8(bytes)
            .expect("output before an error is valid")
            .chars()
            .map(char::len_utf8)
            .collect(),
        Encoding::Utf16Le | Encoding::Utf16Be => {
            let units = bytes.chunks_exact(2).map(|pair| {
                let pair = [pair[0], pair[1]];
                if encoding == Encoding::Utf16Be {
                    u16::from_be_bytes(pair)
                } else {
                    u16::from_le_bytes(pair)
                }
            });
            char::decode_utf16(units)
                .map(|c| 2 * c.expect("valid UTF-16").len_utf16())
                .collect()
        }
        Encoding::Utf32Le | Encoding::Utf32Be => vec![4; bytes.len() / 4],
        _ => vec![1; bytes.len()],
    }
}

/// What a strict one-shot conversion from `from` to `to` answers with a
/// buffer of `cap` output units, from first principles.
fn transcoded(from: Encoding, to: Encoding, src: &[u8], cap: usize) -> (Answer, Vec<u8>) {
    let (in_unit, out_unit) = (from.unit_len(), to.unit_len());
    let mut transcoder = Transcoder::new(from, to, ErrorMode::Strict);
    let mut dst = vec![0u8; transcoder.max_output_len(src.len())];
    let progress = transcoder.transcode(src, &mut dst, true);
    let out = &dst[..progress.written];
    let (whole, valid) = match progress.status {
        Status::InputEmpty => (
            Answer::ok(src.len() / in_unit, out.len() / out_unit),
            src.len(),
        ),
        Status::Error(e) => {
            let at = e.offset() as usize;
            let len = e.error_len().unwrap_or(0) / in_unit;
            let kind = transcode_kind(e.kind());
            let a = Answer::invalid(at / in_unit, out.len() / out_unit, len, kind);
            (a, at)
        }
        other => panic!("one call with all the room it needs returned {other:?}"),
    };
    let room = cap * out_unit;
    if out.len() <= room {
        return (whole, out.to_vec());
    }
    // The whole output characters that fit, and the input they came from.
    let mut bytes = 0;
    let mut chars = 0;
    for len in char_lens(to, out) {
        if bytes + len > room {
            break;
        }
        bytes += len;
        chars += 1;
    }
    let read: usize = char_lens(from, &src[..valid])[..chars].iter().sum();
    (
        Answer::small(read / in_unit, bytes / out_unit),
        out[..bytes].to_vec(),
    )
}

/// The errors `dump_results.c` writes out in full; the rest count in the hash.
const SHOWN_ERRORS: usize = 8;

/// The transcoder on all of `src`: the first errors, then the output's length
/// and hash, the number of errors and their hash (cuts never change them, so
/// one call with room for all is the answer to any cutting).
fn stream(lines: &mut Lines, from: Encoding, to: Encoding, mode: ErrorMode, src: &[u8]) {
    let mut transcoder = Transcoder::new(from, to, mode);
    let mut dst = vec![0u8; transcoder.max_output_len(src.len())];
    let (mut input, mut total, mut h) = (src, 0, FNV_OFFSET);
    let (mut errors, mut errors_hash) = (0, FNV_OFFSET);
    loop {
        let progress = transcoder.transcode(input, &mut dst, true);
        h = fnv(h, &dst[..progress.written]);
        total += progress.written;
        input = &input[progress.read..];
        match progress.status {
            Status::InputEmpty => break,
            Status::Error(e) => {
                let detail = match e.kind() {
                    TranscodeErrorKind::Unmappable(cp) => cp,
                    _ => 0,
                };
                let (kind, len) = (transcode_kind(e.kind()), e.error_len().unwrap_or(0));
                if errors < SHOWN_ERRORS {
                    writeln!(lines.0, "error {} {kind} {len} {detail}", e.offset()).unwrap();
                }
                let mut record = e.offset().to_le_bytes().to_vec();
                record.extend([kind, len as u8]);
                record.extend(detail.to_le_bytes());
                errors_hash = fnv(errors_hash, &record);
                errors += 1;
            }
            _ => {}
        }
    }
    let index = |e: Encoding| Encoding::ALL.iter().position(|&x| x == e).unwrap();
    let mode_index = ErrorMode::ALL.iter().position(|&m| m == mode).unwrap();
    writeln!(
        lines.0,
        "stream {} {} {mode_index} {total} {h:016x} {errors} {errors_hash:016x}",
        index(from),
        index(to)
    )
    .unwrap();
}

/// Rows of 13 bytes, with 32- and 64-bit offsets.
fn columns(lines: &mut Lines, values: &[u8]) {
    let rows = values.len().div_ceil(13);
    let at = |i: usize| (13 * i).min(values.len());
    let offsets32: Vec<i32> = (0..=rows).map(|i| at(i) as i32).collect();
    let offsets64: Vec<i64> = (0..=rows).map(|i| at(i) as i64).collect();
    for (name, result) in [
        ("rows32", rows::validate_utf8(values, &offsets32)),
        ("rows64", rows::validate_utf8(values, &offsets64)),
    ] {
        let (a, row) = match result {
            Ok(()) => (Answer::ok(0, 0), 0),
            Err(e) => (
                utf8_answer(e.utf8_error().expect("sound offsets")).checked(),
                e.row(),
            ),
        };
        lines.put(name, "row", a, &[]);
        lines.size(&format!("{name} bad_row"), row);
    }
    for (name, validity) in [
        ("validity32", rows::utf8_validity(values, &offsets32)),
        ("validity64", rows::utf8_validity(values, &offsets64)),
    ] {
        let validity = validity.expect("sound offsets");
        let bitmap = validity.bitmap();
        lines.put(name, "bitmap", Answer::ok(rows, bitmap.len()), bitmap);
        lines.size(&format!("{name} invalid"), validity.invalid_count());
    }
}

fn from_utf8(lines: &mut Lines, src: &[u8]) {
    let n = src.len();
    lines.flag("validate_utf8", utfast::validate_utf8(src));
    let check =
        utfast::from_utf8(src).map_or_else(|e| utf8_answer(e).checked(), |_| Answer::ok(n, 0));
    lines.put("check_utf8", "-", check, &[]);
    for (name, order) in [
        ("utfast_utf8_to_utf16le", ByteOrder::Little),
        ("utfast_utf8_to_utf16be", ByteOrder::Big),
    ] {
        lines.sweep(name, n, |cap| {
            call(
                n,
                cap,
                |out: &mut [u16]| utf8::to_utf16(src, out, order),
                utf8_answer,
            )
        });
    }
    lines.sweep("utfast_utf8_to_utf32", n, |cap| {
        call(
            n,
            cap,
            |out: &mut [u32]| utf8::to_utf32(src, out),
            utf8_answer,
        )
    });
    lines.sweep("utfast_utf8_to_latin1", n, |cap| {
        call(
            n,
            cap,
            |out: &mut [u8]| utf8::to_latin1(src, out),
            utf8_answer,
        )
    });
    lines.sweep("utfast_utf8_to_windows1252", n, |cap| {
        transcoded(Encoding::Utf8, Encoding::Windows1252, src, cap)
    });
    for &mode in ErrorMode::ALL {
        for (name, order) in [
            ("utf8_to_utf16le_with", ByteOrder::Little),
            ("utf8_to_utf16be_with", ByteOrder::Big),
        ] {
            let (a, out) = call(
                n,
                n,
                |out: &mut [u16]| utf8::to_utf16_with(src, out, order, mode),
                utf8_answer,
            );
            lines.put(name, "full", a, &out);
        }
        let (a, out) = call(
            n,
            n,
            |out: &mut [u32]| utf8::to_utf32_with(src, out, mode),
            utf8_answer,
        );
        lines.put("utf8_to_utf32_with", "full", a, &out);
    }
    lines.size("utf16_len_from_utf8", utf8::utf16_len(src));
    lines.size("utf32_len_from_utf8", utf8::count_chars(src));
    stream(
        lines,
        Encoding::Utf8,
        Encoding::Utf16Le,
        ErrorMode::Strict,
        src,
    );
    stream(
        lines,
        Encoding::Utf8,
        Encoding::Latin1,
        ErrorMode::Replace,
        src,
    );
    stream(
        lines,
        Encoding::Utf8,
        Encoding::Utf32Be,
        ErrorMode::SurrogateEscape,
        src,
    );
    stream(
        lines,
        Encoding::Utf8,
        Encoding::Windows1252,
        ErrorMode::Windows1252,
        src,
    );
    stream(
        lines,
        Encoding::Utf8,
        Encoding::Utf8,
        ErrorMode::Replace,
        src,
    );
    columns(lines, src);
}

fn from_utf16(lines: &mut Lines, bytes: &[u8]) {
    let bytes = &bytes[..bytes.len() / 2 * 2];
    let src: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|pair| u16::from_ne_bytes([pair[0], pair[1]]))
        .collect();
    let (src, m) = (&src[..], src.len());
    let orders = [("le", ByteOrder::Little), ("be", ByteOrder::Big)];
    for (suffix, order) in orders {
        lines.flag(
            &format!("validate_utf16{suffix}"),
            utf16::validate(src, order),
        );
    }
    for (suffix, order) in orders {
        let check = utf16::check(src, order).map_or_else(
            |e| utf16_answer(e, src, order).checked(),
            |()| Answer::ok(m, 0),
        );
        lines.put(&format!("check_utf16{suffix}"), "-", check, &[]);
    }
    for (suffix, order) in orders {
        let (from, other) = match order {
            ByteOrder::Little => (Encoding::Utf16Le, Encoding::Utf16Be),
            ByteOrder::Big => (Encoding::Utf16Be, Encoding::Utf16Le),
        };
        let answer = |e| utf16_answer(e, src, order);
        lines.sweep(&format!("utfast_utf16{suffix}_to_utf8"), 3 * m, |cap| {
            call(
                m,
                cap,
                |out: &mut [u8]| utf16::to_utf8(src, out, order),
                answer,
            )
        });
        lines.sweep(&format!("utfast_utf16{suffix}_to_utf32"), m, |cap| {
            call(
                m,
                cap,
                |out: &mut [u32]| utf16::to_utf32(src, out, order),
                answer,
            )
        });
        lines.sweep(&format!("utfast_utf16{suffix}_to_latin1"), m, |cap| {
            call(
                m,
                cap,
                |out: &mut [u8]| utf16::to_latin1(src, out, order),
                answer,
            )
        });
        lines.sweep(&format!("utfast_utf16{suffix}_to_windows1252"), m, |cap| {
            transcoded(from, Encoding::Windows1252, bytes, cap)
        });
        let swapped = if order == ByteOrder::Little {
            "be"
        } else {
            "le"
        };
        lines.sweep(
            &format!("utfast_utf16{suffix}_to_utf16{swapped}"),
            m,
            |cap| transcoded(from, other, bytes, cap),
        );
    }
    for &mode in ErrorMode::ALL {
        for (suffix, order) in orders {
            let (a, out) = call(
                m,
                3 * m,
                |out: &mut [u8]| utf16::to_utf8_with(src, out, order, mode),
                |e| utf16_answer(e, src, order),
            );
            lines.put(&format!("utf16{suffix}_to_utf8_with"), "full", a, &out);
        }
    }
    for (suffix, order) in orders {
        lines.size(
            &format!("utf8_len_from_utf16{suffix}"),
            utf16::utf8_len(src, order),
        );
    }
    for (suffix, order) in orders {
        lines.size(
            &format!("utf32_len_from_utf16{suffix}"),
            utf16::utf32_len(src, order),
        );
    }
    for (suffix, order) in orders {
        let mut copy = src.to_vec();
        let replaced = utf16::repair(&mut copy, order);
        lines.put(
            &format!("repair_utf16{suffix}"),
            "-",
            Answer::ok(m, replaced),
            &[],
        );
        lines.hash("repaired", &bytes_of(&copy));
    }
    stream(
        lines,
        Encoding::Utf16Le,
        Encoding::Utf8,
        ErrorMode::Strict,
        bytes,
    );
    stream(
        lines,
        Encoding::Utf16Be,
        Encoding::Utf16Le,
        ErrorMode::Replace,
        bytes,
    );
}

fn from_utf32(lines: &mut Lines, bytes: &[u8]) {
    let bytes = &bytes[..bytes.len() / 4 * 4];
    let src: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|v| u32::from_ne_bytes([v[0], v[1], v[2], v[3]]))
        .collect();
    let (src, k) = (&src[..], src.len());
    lines.flag("validate_utf32", utf32::validate(src));
    let check = utf32::check(src).map_or_else(|e| utf32_answer(e).checked(), |()| Answer::ok(k, 0));
    lines.put("check_utf32", "-", check, &[]);
    lines.sweep("utfast_utf32_to_utf8", 4 * k, |cap| {
        call(
            k,
            cap,
            |out: &mut [u8]| utf32::to_utf8(src, out),
            utf32_answer,
        )
    });
    for (name, order) in [
        ("utfast_utf32_to_utf16le", ByteOrder::Little),
        ("utfast_utf32_to_utf16be", ByteOrder::Big),
    ] {
        lines.sweep(name, 2 * k, |cap| {
            call(
                k,
                cap,
                |out: &mut [u16]| utf32::to_utf16(src, out, order),
                utf32_answer,
            )
        });
    }
    lines.sweep("utfast_utf32_to_latin1", k, |cap| {
        call(
            k,
            cap,
            |out: &mut [u8]| utf32::to_latin1(src, out),
            utf32_answer,
        )
    });
    lines.sweep("utfast_utf32_to_windows1252", k, |cap| {
        transcoded(UTF32_NATIVE, Encoding::Windows1252, bytes, cap)
    });
    for &mode in ErrorMode::ALL {
        let (a, out) = call(
            k,
            4 * k,
            |out: &mut [u8]| utf32::to_utf8_with(src, out, mode),
            utf32_answer,
        );
        lines.put("utf32_to_utf8_with", "full", a, &out);
    }
    lines.size("utf8_len_from_utf32", utf32::utf8_len(src));
    lines.size("utf16_len_from_utf32", utf32::utf16_len(src));
    stream(
        lines,
        Encoding::Utf32Le,
        Encoding::Utf8,
        ErrorMode::Replace,
        bytes,
    );
}

fn from_bytes(lines: &mut Lines, src: &[u8]) {
    let n = src.len();
    lines.sweep("utfast_latin1_to_utf8", 2 * n, |cap| {
        call(
            n,
            cap,
            |out: &mut [u8]| latin1::to_utf8(src, out),
            too_small_answer,
        )
    });
    for (name, order) in [
        ("utfast_latin1_to_utf16le", ByteOrder::Little),
        ("utfast_latin1_to_utf16be", ByteOrder::Big),
    ] {
        lines.sweep(name, n, |cap| {
            call(
                n,
                cap,
                |out: &mut [u16]| latin1::to_utf16(src, out, order),
                too_small_answer,
            )
        });
    }
    lines.sweep("utfast_latin1_to_utf32", n, |cap| {
        call(
            n,
            cap,
            |out: &mut [u32]| latin1::to_utf32(src, out),
            too_small_answer,
        )
    });
    let single = [
        (
            "utfast_latin1_to_windows1252",
            Encoding::Latin1,
            Encoding::Windows1252,
            1,
        ),
        (
            "utfast_windows1252_to_utf8",
            Encoding::Windows1252,
            Encoding::Utf8,
            3,
        ),
        (
            "utfast_windows1252_to_utf16le",
            Encoding::Windows1252,
            Encoding::Utf16Le,
            1,
        ),
        (
            "utfast_windows1252_to_utf16be",
            Encoding::Windows1252,
            Encoding::Utf16Be,
            1,
        ),
        (
            "utfast_windows1252_to_utf32",
            Encoding::Windows1252,
            UTF32_NATIVE,
            1,
        ),
        (
            "utfast_windows1252_to_latin1",
            Encoding::Windows1252,
            Encoding::Latin1,
            1,
        ),
    ];
    for (name, from, to, room) in single {
        lines.sweep(name, room * n, |cap| transcoded(from, to, src, cap));
    }
    lines.size("utf8_len_from_latin1", latin1::utf8_len(src));
    stream(
        lines,
        Encoding::Windows1252,
        Encoding::Utf8,
        ErrorMode::Strict,
        src,
    );
    stream(
        lines,
        Encoding::Latin1,
        Encoding::Utf16Be,
        ErrorMode::Strict,
        src,
    );
}

/// The lines `dump_results.c` must write for `inputs` on any kernel (after
/// its first line, which names the kernel).
pub fn expected_results(inputs: &[Input]) -> String {
    let mut lines = Lines::default();
    for (index, input) in inputs.iter().enumerate() {
        let bytes = std::fs::read(&input.path).expect("read an input");
        writeln!(lines.0, "file {index} {} {}", input.format, bytes.len()).unwrap();
        match input.format {
            "utf8" => from_utf8(&mut lines, &bytes),
            "utf16" => from_utf16(&mut lines, &bytes),
            "utf32" => from_utf32(&mut lines, &bytes),
            _ => from_bytes(&mut lines, &bytes),
        }
    }
    lines.0
}
