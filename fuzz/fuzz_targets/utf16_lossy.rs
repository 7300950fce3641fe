//! Fuzz target: lossy UTF-16 and UTF-32 decoding (`src/lossy.rs`) on every kernel
//! and the free functions, against std:
//!
//! - `utf16_to_string_lossy` (machine order, LE, BE) against
//!   `String::from_utf16_lossy`; `repair_utf16*` against the UTF-16 of that string
//!   and the count of `char::decode_utf16`'s errors;
//! - `utf16_to_utf8_with` (each order) and `utf32_to_utf8_with` in every
//!   `ErrorMode` against a model built on `char::decode_utf16` / `char::from_u32`
//!   (Replace, Latin1, Windows1252: U+FFFD for an unpaired surrogate or, UTF-32, a
//!   value above U+10FFFF; SurrogateEscape: U+DC80-U+DCFF become the byte, any other
//!   invalid unit is an error there; Strict: an error at the first), into an output
//!   slice with room and into the length the header chooses (often too short:
//!   `OutputTooSmall` at the first unit that does not fit), fenced by canaries;
//!   the `Vec` conveniences `utf16_to_utf8_vec_with`, `utf32_to_utf8_vec_with`,
//!   `utf32_to_string_lossy`.
//!
//! Input: the 3-byte header of `fuzz/src/lib.rs` (output length, alignments,
//! repair: valid UTF-16), then little-endian byte pairs as UTF-16 units. The UTF-32
//! input is the same units as values (dense surrogates), and the payload's groups
//! of four bytes, each shifted right by header byte 1's bits 0-4 (values above
//! U+10FFFF, and below it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::fmt::Display;
use utfast::{
    utf16::Utf16Error, utf16::Utf16ErrorKind, utf32::Utf32Error, utf32::Utf32ErrorKind, ByteOrder,
    Engine, ErrorMode,
};
use utfast_fuzz::{
    implementations, label, lazy, run, split, utf16_to_utf8_with, utf16_units, via, Header, Order,
};

/// What a conversion to UTF-8 must return: the count, or the error as
/// `(valid_up_to, kind, written)`.
type Expected<K> = Result<usize, (usize, K, usize)>;

/// The UTF-8 a mode makes of UTF-16/UTF-32 input, and per character or invalid unit
/// (up to the one where the mode stops) its input position and the bytes before
/// and after it.
struct Model<K> {
    bytes: Vec<u8>,
    steps: Vec<(usize, usize, usize)>,
    /// Where the mode stops with an error, and its kind.
    invalid: Option<(usize, K)>,
}

impl<K: Copy> Model<K> {
    /// From the decoded input: each item is its position and either a character or
    /// the invalid unit's value and the kind of error it is.
    fn new(
        decoded: impl Iterator<Item = (usize, Result<char, (u32, K)>)>,
        mode: ErrorMode,
    ) -> Self {
        let mut model = Model {
            bytes: Vec::new(),
            steps: Vec::new(),
            invalid: None,
        };
        for (at, item) in decoded {
            let before = model.bytes.len();
            let c = match (item, mode) {
                (Ok(c), _) => c,
                (Err((_, kind)), ErrorMode::Strict) => {
                    model.invalid = Some((at, kind));
                    break;
                }
                (Err((value @ 0xDC80..=0xDCFF, _)), ErrorMode::SurrogateEscape) => {
                    model.bytes.push(value as u8);
                    model.steps.push((at, before, model.bytes.len()));
                    continue;
                }
                (Err((_, kind)), ErrorMode::SurrogateEscape) => {
                    model.invalid = Some((at, kind));
                    break;
                }
                (Err(_), ErrorMode::Replace | ErrorMode::Latin1 | ErrorMode::Windows1252) => {
                    char::REPLACEMENT_CHARACTER
                }
                (Err(_), ErrorMode::Ignore) => {
                    model.steps.push((at, before, before));
                    continue;
                }
                (Err((value, _)), ErrorMode::BackslashReplace) => {
                    // Python's escapes of a lone surrogate (and, for UTF-32,
                    // of a value above U+FFFF).
                    let escape = if value <= 0xFFFF {
                        format!("\\u{value:04x}")
                    } else {
                        format!("\\U{value:08x}")
                    };
                    model.bytes.extend_from_slice(escape.as_bytes());
                    model.steps.push((at, before, model.bytes.len()));
                    continue;
                }
            };
            model
                .bytes
                .extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            model.steps.push((at, before, model.bytes.len()));
        }
        model
    }

    /// The result into `len` bytes: the first item that does not fit stops it.
    fn result(&self, len: usize, too_small: K) -> Expected<K> {
        for &(at, before, after) in &self.steps {
            if after > len {
                return Err((at, too_small, before));
            }
        }
        match self.invalid {
            Some((at, kind)) => Err((at, kind, self.bytes.len())),
            None => Ok(self.bytes.len()),
        }
    }

    /// What the `Vec` conversion must return: the bytes, or the error's position.
    fn vec(&self) -> Result<&[u8], usize> {
        match self.invalid {
            Some((at, _)) => Err(at),
            None => Ok(&self.bytes),
        }
    }
}

/// UTF-16 units (values) decoded by std, with the error kind of each unpaired
/// surrogate: low; high at the end (truncated); high before another unit.
fn decode_utf16(
    units: &[u16],
) -> impl Iterator<Item = (usize, Result<char, (u32, Utf16ErrorKind)>)> + '_ {
    let mut at = 0;
    char::decode_utf16(units.iter().copied()).map(move |r| {
        let start = at;
        let item = match r {
            Ok(c) => {
                at += c.len_utf16();
                Ok(c)
            }
            Err(e) => {
                at += 1;
                let unit = e.unpaired_surrogate();
                let kind = match unit {
                    0xDC00..=0xDFFF => Utf16ErrorKind::UnpairedLowSurrogate,
                    _ if start + 1 == units.len() => Utf16ErrorKind::TruncatedAtEnd,
                    _ => Utf16ErrorKind::UnpairedHighSurrogate,
                };
                Err((u32::from(unit), kind))
            }
        };
        (start, item)
    })
}

/// UTF-32 values decoded by `char::from_u32`.
fn decode_utf32(
    values: &[u32],
) -> impl Iterator<Item = (usize, Result<char, (u32, Utf32ErrorKind)>)> + '_ {
    values.iter().enumerate().map(|(at, &v)| {
        let item = char::from_u32(v).ok_or(if (0xD800..=0xDFFF).contains(&v) {
            (v, Utf32ErrorKind::Surrogate)
        } else {
            (v, Utf32ErrorKind::TooLarge)
        });
        (at, item)
    })
}

/// Runs one conversion into `len` bytes (at `shift`, between canaries) and checks
/// it against the model.
fn check<K: Copy + PartialEq + std::fmt::Debug, E: utfast_fuzz::Summarised>(
    what: impl Display,
    model: &Model<K>,
    (len, shift): (usize, usize),
    parts: impl Fn(&E) -> (usize, K, usize),
    too_small: K,
    convert: impl FnOnce(&mut [u8]) -> Result<usize, E>,
) {
    let got = run(&what, len, shift, convert);
    assert_eq!(
        got.result.as_ref().map_err(&parts).map(|&n| n),
        model.result(len, too_small),
        "{what} into {len}: result"
    );
    assert_eq!(
        got.output[..],
        model.bytes[..got.output.len()],
        "{what} into {len}: output"
    );
}

fn utf16_parts(e: &Utf16Error) -> (usize, Utf16ErrorKind, usize) {
    (e.valid_up_to(), e.kind(), e.written())
}

fn utf32_parts(e: &Utf32Error) -> (usize, Utf32ErrorKind, usize) {
    (e.valid_up_to(), e.kind(), e.written())
}

/// The model of each mode, built once for all implementations.
type Models<K> = Vec<(ErrorMode, Model<K>)>;

fn check_utf16(
    implementation: &Option<Engine>,
    header: &Header,
    units: &[u16],
    models: &Models<Utf16ErrorKind>,
) {
    let name = label(implementation);
    let lossy = String::from_utf16_lossy(units);
    let repaired: Vec<u16> = lossy.encode_utf16().collect();
    let errors = char::decode_utf16(units.iter().copied())
        .filter(Result::is_err)
        .count();
    for order in Order::ALL {
        let stored = order.store(units);
        let suffix = order.suffix();
        let string = via!(
            implementation,
            utf16::to_string_lossy,
            utf16_to_string_lossy(&stored, order.byte_order())
        );
        assert_eq!(
            string, lossy,
            "{name}: utf16{suffix}_to_string_lossy of {units:04X?}"
        );
        let mut buffer = stored.to_vec();
        let count = via!(
            implementation,
            utf16::repair,
            repair_utf16(&mut buffer, order.byte_order())
        );
        assert_eq!(
            buffer[..],
            order.store(&repaired)[..],
            "{name}: repair_utf16{suffix} of {units:04X?}"
        );
        assert_eq!(
            count, errors,
            "{name}: repair_utf16{suffix} count of {units:04X?}"
        );

        for (mode, model) in models {
            let mode = *mode;
            let what = lazy(|f| {
                write!(
                    f,
                    "{name}: utf16{suffix}_to_utf8_with {mode} of {units:04X?}"
                )
            });
            let convert =
                |out: &mut [u8]| utf16_to_utf8_with(implementation, order, &stored, out, mode);
            let worst = units.len()
                * if mode == ErrorMode::BackslashReplace {
                    6
                } else {
                    3
                };
            let too_small = Utf16ErrorKind::OutputTooSmall;
            let needed = || match model.result(usize::MAX, too_small) {
                Ok(n) | Err((_, _, n)) => n,
            };
            for at in header.lengths(worst, needed) {
                check(&what, &model, at, utf16_parts, too_small, convert);
            }
            if order == Order::Native {
                let vec = via!(
                    implementation,
                    utf16::to_utf8_vec_with,
                    utf16_to_utf8_vec_with(units, ByteOrder::NATIVE, mode)
                );
                assert_eq!(
                    vec.as_deref().map_err(Utf16Error::valid_up_to),
                    model.vec(),
                    "{what}: utf16_to_utf8_vec_with"
                );
            }
        }
    }
}

fn check_utf32(
    implementation: &Option<Engine>,
    header: &Header,
    values: &[u32],
    models: &Models<Utf32ErrorKind>,
) {
    let name = label(implementation);
    for (mode, model) in models {
        let mode = *mode;
        let what = lazy(|f| write!(f, "{name}: utf32_to_utf8_with {mode} of {values:08X?}"));
        let convert = |out: &mut [u8]| {
            via!(
                implementation,
                utf32::to_utf8_with,
                utf32_to_utf8_with(values, out, mode)
            )
        };
        let worst = values.len()
            * if mode == ErrorMode::BackslashReplace {
                10
            } else {
                4
            };
        let too_small = Utf32ErrorKind::OutputTooSmall;
        let needed = || match model.result(usize::MAX, too_small) {
            Ok(n) | Err((_, _, n)) => n,
        };
        for at in header.lengths(worst, needed) {
            check(&what, &model, at, utf32_parts, too_small, convert);
        }
        let vec = via!(
            implementation,
            utf32::to_utf8_vec_with,
            utf32_to_utf8_vec_with(values, mode)
        );
        assert_eq!(
            vec.as_deref().map_err(Utf32Error::valid_up_to),
            model.vec(),
            "{what}: utf32_to_utf8_vec_with"
        );
        if mode == ErrorMode::Replace {
            let string = via!(
                implementation,
                utf32::to_string_lossy,
                utf32_to_string_lossy(values)
            );
            assert_eq!(
                string.as_bytes(),
                model.bytes,
                "{what}: utf32_to_string_lossy"
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (header, payload) = split(data);
    let units = utf16_units(payload, header.repair);
    let widened: Vec<u32> = units.iter().map(|&u| u32::from(u)).collect();
    let shift = data.get(1).map_or(0, |&b| b & 31);
    let raw: Vec<u32> = payload
        .chunks_exact(4)
        .map(|quad| u32::from_le_bytes([quad[0], quad[1], quad[2], quad[3]]) >> shift)
        .collect();
    let modes = ErrorMode::ALL.iter().copied();
    let models16: Models<_> = modes
        .clone()
        .map(|m| (m, Model::new(decode_utf16(&units), m)))
        .collect();
    let widened32: Models<_> = modes
        .clone()
        .map(|m| (m, Model::new(decode_utf32(&widened), m)))
        .collect();
    let raw32: Models<_> = modes
        .map(|m| (m, Model::new(decode_utf32(&raw), m)))
        .collect();
    for implementation in implementations() {
        header.place(&units, |units| {
            check_utf16(implementation, &header, units, &models16)
        });
        header.place(&widened, |values| {
            check_utf32(implementation, &header, values, &widened32)
        });
        header.place(&raw, |values| {
            check_utf32(implementation, &header, values, &raw32)
        });
    }
});
