//! Fuzz target: lossy UTF-8 decoding and the error modes (`src/lossy.rs`) on every
//! kernel and the free functions, against std:
//!
//! - `from_utf8_lossy` against `String::from_utf8_lossy` (text, and borrowed exactly
//!   when std's is), `utf8_chunks` against `<[u8]>::utf8_chunks`;
//! - `utf8_to_utf16_with` (machine order, LE, BE) and `utf8_to_utf32_with` in every
//!   `ErrorMode` against a model built on std's chunks, into an output slice with
//!   room and into the length the header chooses (often too short: then the error
//!   must be `OutputTooSmall` at the first character or invalid piece that does not
//!   fit, with the model's output before it), fenced by canaries;
//! - `utf8_to_string_with`, the `Vec` conveniences, and the surrogate-escape round
//!   trip back to the input bytes through UTF-16 (each order) and UTF-32.
//!
//! Input: the 3-byte header of `fuzz/src/lib.rs` (output length, alignments,
//! repair: the payload made valid by `String::from_utf8_lossy`), then the bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::borrow::Cow;
use utfast::{ByteOrder, Engine, ErrorMode, Utf8Error, Utf8ErrorKind};
use utfast_fuzz::{
    implementations, label, lazy, run, split, utf16_to_utf8_with, utf8_input, via, Header, Order,
    Unit,
};

/// A character or an invalid piece of the input, as std's `utf8_chunks` cuts it.
#[derive(Clone, Copy)]
struct Item {
    start: usize,
    end: usize,
    /// `None` for an invalid piece.
    char: Option<char>,
}

fn items(bytes: &[u8]) -> Vec<Item> {
    let mut items = Vec::with_capacity(bytes.len());
    let mut at = 0;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            let end = at + c.len_utf8();
            items.push(Item {
                start: at,
                end,
                char: Some(c),
            });
            at = end;
        }
        if !chunk.invalid().is_empty() {
            let end = at + chunk.invalid().len();
            items.push(Item {
                start: at,
                end,
                char: None,
            });
            at = end;
        }
    }
    assert_eq!(at, bytes.len(), "std's chunks cover the input");
    items
}

/// The code points `mode` makes of an invalid piece (Strict has none: it stops).
fn replacement(bad: &[u8], mode: ErrorMode, put: &mut impl FnMut(u32)) {
    match mode {
        ErrorMode::Strict => {}
        ErrorMode::Replace => put(0xFFFD),
        ErrorMode::SurrogateEscape => bad.iter().for_each(|&b| put(0xDC00 | u32::from(b))),
        ErrorMode::Latin1 => bad.iter().for_each(|&b| put(u32::from(b))),
        ErrorMode::Windows1252 => bad
            .iter()
            .for_each(|&b| put(u32::from(utfast::latin1::windows1252_char(b)))),
        ErrorMode::Ignore => {}
        ErrorMode::BackslashReplace => bad.iter().for_each(|&b| {
            format!("\\x{b:02x}")
                .chars()
                .for_each(|c| put(u32::from(c)))
        }),
    }
}

/// What a conversion must return: the count, or the error as
/// `(valid_up_to, error_len, OutputTooSmall?, written)`.
type Result8 = Result<usize, (usize, Option<usize>, bool, usize)>;

/// The model of one conversion in one mode: its whole output, and per item (up to
/// the invalid one where Strict stops) the input position and the output units
/// before and after it.
struct Model<T> {
    units: Vec<T>,
    steps: Vec<(usize, usize, usize)>,
    /// Strict on invalid input: std's `valid_up_to` and `error_len`.
    invalid: Option<(usize, Option<usize>)>,
}

impl<T: Copy> Model<T> {
    fn new(
        bytes: &[u8],
        items: &[Item],
        mode: ErrorMode,
        mut encode: impl FnMut(u32, &mut Vec<T>),
    ) -> Model<T> {
        let mut units = Vec::with_capacity(bytes.len());
        let mut steps = Vec::with_capacity(items.len());
        let mut invalid = None;
        for item in items {
            let before = units.len();
            match item.char {
                Some(c) => encode(u32::from(c), &mut units),
                None if mode == ErrorMode::Strict => {
                    let e = std::str::from_utf8(bytes).expect_err("std found an invalid piece");
                    assert_eq!(e.valid_up_to(), item.start, "std's first error");
                    invalid = Some((e.valid_up_to(), e.error_len()));
                    break;
                }
                None => replacement(&bytes[item.start..item.end], mode, &mut |cp| {
                    encode(cp, &mut units)
                }),
            }
            steps.push((item.start, before, units.len()));
        }
        Model {
            units,
            steps,
            invalid,
        }
    }

    /// The result into `len` units: the first item that does not fit stops it.
    fn result(&self, len: usize) -> Result8 {
        for &(at, before, after) in &self.steps {
            if after > len {
                return Err((at, None, true, before));
            }
        }
        match self.invalid {
            Some((at, error_len)) => Err((at, error_len, false, self.units.len())),
            None => Ok(self.units.len()),
        }
    }
}

/// The models of one mode, built once for all implementations: UTF-32, and UTF-16
/// in each [`Order`] (as `Order::ALL` lists them).
struct Models {
    mode: ErrorMode,
    utf32: Model<u32>,
    utf16: [Model<u16>; 3],
}

impl Models {
    fn new(bytes: &[u8], items: &[Item], mode: ErrorMode) -> Models {
        Models {
            mode,
            utf32: Model::new(bytes, items, mode, |cp, out: &mut Vec<u32>| out.push(cp)),
            utf16: Order::ALL
                .map(|order| Model::new(bytes, items, mode, utf16_encoder(order.byte_order()))),
        }
    }
}

fn utf16_encoder(order: ByteOrder) -> impl Fn(u32, &mut Vec<u16>) {
    move |cp, out| {
        if cp < 0x1_0000 {
            out.push(order.write_u16(cp as u16));
        } else {
            let v = cp - 0x1_0000;
            out.push(order.write_u16(0xD800 | (v >> 10) as u16));
            out.push(order.write_u16(0xDC00 | (v & 0x3FF) as u16));
        }
    }
}

fn summary(result: &Result<usize, Utf8Error>) -> Result8 {
    result.map_err(|e| {
        let too_small = e.kind() == Utf8ErrorKind::OutputTooSmall;
        (e.valid_up_to(), e.error_len(), too_small, e.written())
    })
}

/// Runs one conversion into `len` units (at `shift`, between canaries) and checks
/// it against the model; returns the output written.
fn check<T: Unit>(
    what: impl std::fmt::Display,
    model: &Model<T>,
    strict_kind: Option<Utf8ErrorKind>,
    len: usize,
    shift: usize,
    convert: impl FnOnce(&mut [T]) -> Result<usize, Utf8Error>,
) -> Vec<T> {
    let got = run(&what, len, shift, convert);
    let want = model.result(len);
    assert_eq!(summary(&got.result), want, "{what} into {len}: result");
    assert_eq!(
        got.output[..],
        model.units[..got.output.len()],
        "{what} into {len}: output"
    );
    if let Err(e) = got.result {
        if e.kind() != Utf8ErrorKind::OutputTooSmall {
            assert_eq!(Some(e.kind()), strict_kind, "{what} into {len}: kind");
        }
    }
    got.output
}

/// [`check`] at the lengths the header gives ([`Header::lengths`]); returns the
/// output at the first, the worst case.
fn check_lengths<T: Unit>(
    what: impl std::fmt::Display,
    model: &Model<T>,
    strict_kind: Option<Utf8ErrorKind>,
    header: &Header,
    worst: usize,
    convert: impl Fn(&mut [T]) -> Result<usize, Utf8Error>,
) -> Vec<T> {
    let needed = || model.result(usize::MAX).unwrap_or_else(|e| e.3);
    let mut outputs = header.lengths(worst, needed).into_iter();
    let (len, shift) = outputs.next().expect("the worst case comes first");
    let full = check(&what, model, strict_kind, len, shift, &convert);
    for (len, shift) in outputs {
        check(&what, model, strict_kind, len, shift, &convert);
    }
    full
}

/// Every UTF-8-input function of one implementation.
fn check_implementation(
    implementation: &Option<Engine>,
    header: &Header,
    bytes: &[u8],
    models: &[Models],
    strict_kind: Option<Utf8ErrorKind>,
) {
    let name = label(implementation);
    let lossy = String::from_utf8_lossy(bytes);

    let ours = via!(implementation, from_utf8_lossy, from_utf8_lossy(bytes));
    assert_eq!(ours, lossy, "{name}: from_utf8_lossy of {bytes:02X?}");
    match (&ours, &lossy) {
        (Cow::Borrowed(text), Cow::Borrowed(_)) => assert_eq!(
            text.as_ptr(),
            bytes.as_ptr(),
            "{name}: from_utf8_lossy borrows another slice"
        ),
        (Cow::Owned(_), Cow::Owned(_)) => {}
        _ => panic!("{name}: from_utf8_lossy is {ours:?}, std's {lossy:?} on {bytes:02X?}"),
    }

    let chunks =
        via!(implementation, utf8_chunks, utf8_chunks(bytes)).map(|c| (c.valid(), c.invalid()));
    assert!(
        chunks.eq(bytes.utf8_chunks().map(|c| (c.valid(), c.invalid()))),
        "{name}: utf8_chunks of {bytes:02X?}"
    );

    let lossy16: Vec<u16> = lossy.encode_utf16().collect();
    assert_eq!(
        via!(
            implementation,
            utf8::to_utf16_lossy,
            utf8_to_utf16_lossy(bytes, ByteOrder::NATIVE)
        ),
        lossy16,
        "{name}: utf8_to_utf16_lossy of {bytes:02X?}"
    );
    let lossy32: Vec<u32> = lossy.chars().map(u32::from).collect();
    assert_eq!(
        via!(
            implementation,
            utf8::to_utf32_lossy,
            utf8_to_utf32_lossy(bytes)
        ),
        lossy32,
        "{name}: utf8_to_utf32_lossy of {bytes:02X?}"
    );

    for Models { mode, utf32, utf16 } in models {
        let mode = *mode;
        // The documented room: a unit a byte, four with `BackslashReplace`.
        let room = bytes.len()
            * if mode == ErrorMode::BackslashReplace {
                4
            } else {
                1
            };
        let mut escaped16 = Vec::new();
        for (order, model) in Order::ALL.into_iter().zip(utf16) {
            let what = lazy(|f| {
                let suffix = order.suffix();
                write!(
                    f,
                    "{name}: utf8_to_utf16{suffix}_with {mode} of {bytes:02X?}"
                )
            });
            let convert = |out: &mut [u16]| {
                via!(
                    implementation,
                    utf8::to_utf16_with,
                    utf8_to_utf16_with(bytes, out, order.byte_order(), mode)
                )
            };
            let full = check_lengths(&what, &model, strict_kind, header, room, convert);
            if mode == ErrorMode::SurrogateEscape {
                escaped16.push((order, full));
            }
        }
        let what = lazy(|f| write!(f, "{name}: utf8_to_utf32_with {mode} of {bytes:02X?}"));
        let convert = |out: &mut [u32]| {
            via!(
                implementation,
                utf8::to_utf32_with,
                utf8_to_utf32_with(bytes, out, mode)
            )
        };
        let full32 = check_lengths(&what, &utf32, strict_kind, header, room, convert);

        // The Vec conveniences and the string decoder.
        let vec32 = via!(
            implementation,
            utf8::to_utf32_vec_with,
            utf8_to_utf32_vec_with(bytes, mode)
        );
        assert_eq!(
            vec32.as_ref().map_err(|e| (e.valid_up_to(), e.error_len())),
            utf32.invalid.map_or(Ok(&utf32.units), Err),
            "{name}: utf8_to_utf32_vec_with {mode} of {bytes:02X?}"
        );
        let vec16 = via!(
            implementation,
            utf8::to_utf16_vec_with,
            utf8_to_utf16_vec_with(bytes, ByteOrder::NATIVE, mode)
        );
        let native = &utf16[0];
        assert_eq!(
            vec16.as_ref().map_err(|e| (e.valid_up_to(), e.error_len())),
            native.invalid.map_or(Ok(&native.units), Err),
            "{name}: utf8_to_utf16_vec_with {mode} of {bytes:02X?}"
        );
        let string = via!(
            implementation,
            utf8::to_string_with,
            utf8_to_string_with(bytes, mode)
        );
        let what = lazy(|f| write!(f, "{name}: utf8_to_string_with {mode} of {bytes:02X?}"));
        match (&string, mode) {
            (Ok(Cow::Borrowed(text)), _) => {
                assert!(
                    matches!(lossy, Cow::Borrowed(_)),
                    "{what}: borrowed invalid input"
                );
                assert_eq!(text.as_bytes(), bytes, "{what}");
                assert_eq!(
                    text.as_ptr(),
                    bytes.as_ptr(),
                    "{what}: borrows another slice"
                );
            }
            (
                Ok(Cow::Owned(text)),
                ErrorMode::Replace
                | ErrorMode::Latin1
                | ErrorMode::Windows1252
                | ErrorMode::Ignore
                | ErrorMode::BackslashReplace,
            ) => {
                assert!(
                    matches!(lossy, Cow::Owned(_)),
                    "{what}: owned for valid input"
                );
                let want: String = utf32
                    .units
                    .iter()
                    .map(|&cp| char::from_u32(cp).unwrap())
                    .collect();
                assert_eq!(*text, want, "{what}");
            }
            (Err(e), ErrorMode::Strict | ErrorMode::SurrogateEscape) => {
                let std = std::str::from_utf8(bytes).expect_err("an error for invalid input");
                assert_eq!(
                    (e.valid_up_to(), e.error_len()),
                    (std.valid_up_to(), std.error_len()),
                    "{what}"
                );
                assert_eq!(Some(e.kind()), strict_kind, "{what}: kind");
            }
            _ => panic!("{what}: {string:?}"),
        }

        // UTF-8b: the escapes encode back to the very bytes.
        if mode == ErrorMode::SurrogateEscape {
            for (order, units) in &escaped16 {
                let what = lazy(|f| {
                    let suffix = order.suffix();
                    write!(f, "{name}: utf16{suffix}_to_utf8_with back from {units:04X?}, of {bytes:02X?}")
                });
                let convert =
                    |out: &mut [u8]| utf16_to_utf8_with(implementation, *order, units, out, mode);
                let back = run(&what, 3 * units.len(), header.output_shift, convert);
                assert_eq!(back.result.ok(), Some(bytes.len()), "{what}: result");
                assert_eq!(back.output, bytes, "{what}: output");
            }
            let what = lazy(|f| {
                write!(
                    f,
                    "{name}: utf32_to_utf8_with back from {full32:08X?}, of {bytes:02X?}"
                )
            });
            let convert = |out: &mut [u8]| {
                via!(
                    implementation,
                    utf32::to_utf8_with,
                    utf32_to_utf8_with(&full32, out, mode)
                )
            };
            let back = run(&what, 4 * full32.len(), header.output_shift, convert);
            assert_eq!(back.result.ok(), Some(bytes.len()), "{what}: result");
            assert_eq!(back.output, bytes, "{what}: output");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (header, payload) = split(data);
    let input = utf8_input(payload, header.repair);
    header.place(&input, |bytes| {
        let items = items(bytes);
        let models: Vec<Models> = ErrorMode::ALL
            .iter()
            .map(|&mode| Models::new(bytes, &items, mode))
            .collect();
        let strict_kind = utfast::reference::utf8::validate(bytes)
            .err()
            .map(|e| e.kind());
        for implementation in implementations() {
            check_implementation(implementation, &header, bytes, &models, strict_kind);
        }
    });
});
