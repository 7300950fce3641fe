//! Lossy decoding and error modes on every kernel this CPU supports, against std:
//! `from_utf8_lossy` and `utf8_chunks` byte for byte against
//! `String::from_utf8_lossy` and `<[u8]>::utf8_chunks`; every `ErrorMode` of the
//! UTF-8 to UTF-16/UTF-32/`str` conversions against a model built on std's chunks;
//! UTF-16/UTF-32 to UTF-8 against `char::decode_utf16`/`char::from_u32`; the
//! surrogate-escape round trip for any byte string; the Windows-1252 table against
//! encoding_rs; and in-place UTF-16 repair.

mod common;
#[path = "model/variants.rs"]
mod variants_model;

use common::{cases, engines, EDGE_BYTES};
use proptest::prelude::*;
use std::borrow::Cow;
use utfast::{utf16::Utf16ErrorKind, ByteOrder, Engine, ErrorMode, Utf8ErrorKind};
use variants_model::to_utf16;

/// The code points `mode` makes of `bytes`, from std's chunks; `Err` (std's
/// position and length) in `Strict` mode on invalid input.
fn model(bytes: &[u8], mode: ErrorMode) -> Result<Vec<u32>, (usize, Option<usize>)> {
    if mode == ErrorMode::Strict {
        if let Err(e) = std::str::from_utf8(bytes) {
            return Err((e.valid_up_to(), e.error_len()));
        }
    }
    let mut out = Vec::new();
    for chunk in bytes.utf8_chunks() {
        out.extend(chunk.valid().chars().map(u32::from));
        let bad = chunk.invalid();
        if bad.is_empty() {
            continue;
        }
        match mode {
            ErrorMode::Strict | ErrorMode::Replace => out.push(0xFFFD),
            ErrorMode::SurrogateEscape => out.extend(bad.iter().map(|&b| 0xDC00 | b as u32)),
            ErrorMode::Latin1 => out.extend(bad.iter().map(|&b| b as u32)),
            ErrorMode::Windows1252 => out.extend(bad.iter().map(|&b| cp1252(b) as u32)),
            ErrorMode::Ignore => {}
            ErrorMode::BackslashReplace => {
                for &b in bad {
                    out.extend(format!("\\x{b:02x}").chars().map(u32::from));
                }
            }
        }
    }
    Ok(out)
}

/// The character encoding_rs decodes from one Windows-1252 byte.
fn cp1252(b: u8) -> char {
    let byte = [b];
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&byte);
    text.chars().next().unwrap()
}

/// Every UTF-8-input function on every engine, in every mode, against the model.
fn check_utf8(bytes: &[u8], engines: &[Engine]) {
    let lossy = String::from_utf8_lossy(bytes);
    let std_chunks: Vec<(&str, &[u8])> = bytes
        .utf8_chunks()
        .map(|c| (c.valid(), c.invalid()))
        .collect();
    let free = utfast::from_utf8_lossy(bytes);
    assert_eq!(free, lossy, "from_utf8_lossy on {bytes:X?}");
    assert_eq!(
        matches!(free, Cow::Borrowed(_)),
        matches!(lossy, Cow::Borrowed(_))
    );
    for engine in engines {
        let k = engine.kernel();
        let ours = engine.from_utf8_lossy(bytes);
        assert_eq!(ours, lossy, "{k}: from_utf8_lossy on {bytes:X?}");
        assert_eq!(
            matches!(ours, Cow::Borrowed(_)),
            matches!(lossy, Cow::Borrowed(_))
        );
        let chunks: Vec<(&str, &[u8])> = engine
            .utf8_chunks(bytes)
            .map(|c| (c.valid(), c.invalid()))
            .collect();
        assert_eq!(chunks, std_chunks, "{k}: utf8_chunks on {bytes:X?}");
        assert_eq!(
            engine.utf8_to_utf16_lossy(bytes, ByteOrder::NATIVE),
            lossy.encode_utf16().collect::<Vec<_>>(),
            "{k}: utf8_to_utf16_lossy on {bytes:X?}"
        );
        assert_eq!(
            engine.utf8_to_utf32_lossy(bytes),
            lossy.chars().map(u32::from).collect::<Vec<_>>(),
            "{k}: utf8_to_utf32_lossy on {bytes:X?}"
        );
        for &mode in ErrorMode::ALL {
            let want = model(bytes, mode);
            check_mode(engine, bytes, mode, &want);
        }
    }
}

fn check_mode(
    engine: &Engine,
    bytes: &[u8],
    mode: ErrorMode,
    want: &Result<Vec<u32>, (usize, Option<usize>)>,
) {
    let k = engine.kernel();
    let what = format!("{k}, {mode}, on {bytes:X?}");
    // The documented room: a unit a byte, four with `BackslashReplace` (`\xNN`).
    let room = bytes.len() * growth(mode, 4);
    let mut out16 = vec![0xAAAA_u16; room];
    let mut out32 = vec![0xAAAA_AAAA_u32; room];
    let r16 = engine.utf8_to_utf16_with(bytes, &mut out16, ByteOrder::NATIVE, mode);
    let r32 = engine.utf8_to_utf32_with(bytes, &mut out32, mode);
    let string = engine.utf8_to_string_with(bytes, mode);
    match want {
        Ok(cps) => {
            let units = to_utf16(cps);
            let n = r16.unwrap_or_else(|e| panic!("{what}: utf8_to_utf16_with failed: {e}"));
            assert_eq!(&out16[..n], units.as_slice(), "{what}: utf8_to_utf16_with");
            let n = r32.unwrap_or_else(|e| panic!("{what}: utf8_to_utf32_with failed: {e}"));
            assert_eq!(&out32[..n], cps.as_slice(), "{what}: utf8_to_utf32_with");
            for order in [ByteOrder::Little, ByteOrder::Big] {
                let mut out = vec![0u16; room];
                let n = match order {
                    ByteOrder::Little => {
                        engine.utf8_to_utf16_with(bytes, &mut out, ByteOrder::Little, mode)
                    }
                    ByteOrder::Big => {
                        engine.utf8_to_utf16_with(bytes, &mut out, ByteOrder::Big, mode)
                    }
                }
                .unwrap();
                let read: Vec<u16> = out[..n].iter().map(|&u| order.read_u16(u)).collect();
                assert_eq!(read, units, "{what}: {order:?}");
            }
            assert_eq!(
                engine
                    .utf8_to_utf16_vec_with(bytes, ByteOrder::NATIVE, mode)
                    .unwrap(),
                units
            );
            assert_eq!(engine.utf8_to_utf32_vec_with(bytes, mode).unwrap(), *cps);
            if mode == ErrorMode::SurrogateEscape && std::str::from_utf8(bytes).is_err() {
                assert!(string.is_err(), "{what}: a str cannot hold escapes");
            } else {
                let text: String = cps.iter().map(|&c| char::from_u32(c).unwrap()).collect();
                assert_eq!(string.unwrap(), text, "{what}: utf8_to_string_with");
            }
        }
        Err((valid_up_to, error_len)) => {
            for e in [r16.unwrap_err(), r32.unwrap_err(), string.unwrap_err()] {
                assert_eq!(
                    (e.valid_up_to(), e.error_len()),
                    (*valid_up_to, *error_len),
                    "{what}"
                );
            }
        }
    }
}

/// Every UTF-16-input function on every engine against `char::decode_utf16`.
fn check_utf16(units: &[u16], engines: &[Engine]) {
    let lossy = String::from_utf16_lossy(units);
    for engine in engines {
        let k = engine.kernel();
        for order in [ByteOrder::Little, ByteOrder::Big] {
            let stored: Vec<u16> = units.iter().map(|&u| order.write_u16(u)).collect();
            let got = match order {
                ByteOrder::Little => engine.utf16_to_string_lossy(&stored, ByteOrder::Little),
                ByteOrder::Big => engine.utf16_to_string_lossy(&stored, ByteOrder::Big),
            };
            assert_eq!(got, lossy, "{k}: {order:?} lossy on {units:X?}");
            let mut repaired = stored.clone();
            let count = match order {
                ByteOrder::Little => engine.repair_utf16(&mut repaired, ByteOrder::Little),
                ByteOrder::Big => engine.repair_utf16(&mut repaired, ByteOrder::Big),
            };
            let want: Vec<u16> = lossy.encode_utf16().collect();
            let read: Vec<u16> = repaired.iter().map(|&u| order.read_u16(u)).collect();
            assert_eq!(read, want, "{k}: {order:?} repair of {units:X?}");
            let errors = char::decode_utf16(units.iter().copied())
                .filter(|r| r.is_err())
                .count();
            assert_eq!(count, errors, "{k}: repair count of {units:X?}");
        }
        assert_eq!(
            engine.utf16_to_string_lossy(units, ByteOrder::NATIVE),
            lossy
        );
        let mut native = units.to_vec();
        engine.repair_utf16(&mut native, ByteOrder::NATIVE);
        assert!(engine.validate_utf16(&native, ByteOrder::NATIVE));
        for &mode in ErrorMode::ALL {
            let want = utf16_model(units, mode);
            let mut out = vec![0u8; 3 * units.len() * growth(mode, 2)];
            let got = engine
                .utf16_to_utf8_with(units, &mut out, ByteOrder::NATIVE, mode)
                .map(|n| out[..n].to_vec());
            match (&got, &want) {
                (Ok(g), Ok(w)) => assert_eq!(g, w, "{k}, {mode}: on {units:X?}"),
                (Err(g), Err(at)) => {
                    assert_eq!(g.valid_up_to(), *at, "{k}, {mode}: on {units:X?}");
                    let strict = engine
                        .check_utf16(&units[*at..], ByteOrder::NATIVE)
                        .unwrap_err();
                    assert_eq!(g.kind(), strict.kind(), "{k}, {mode}: on {units:X?}");
                }
                _ => panic!("{k}, {mode}: {got:?} but want {want:?} on {units:X?}"),
            }
            assert_eq!(
                engine.utf16_to_utf8_vec_with(units, ByteOrder::NATIVE, mode),
                got
            );
            // The same text as UTF-32 (surrogates as values).
            let values: Vec<u32> = units.iter().map(|&u| u as u32).collect();
            let want32 = utf32_model(&values, mode);
            let got32 = engine.utf32_to_utf8_vec_with(&values, mode);
            assert_eq!(got32.map_err(|e| e.valid_up_to()), want32, "{k}, {mode}");
        }
    }
}

/// How much more room than usual `mode` needs: `backslash` times for
/// `BackslashReplace`, whose escapes are longer than what they stand for.
fn growth(mode: ErrorMode, backslash: usize) -> usize {
    if mode == ErrorMode::BackslashReplace {
        backslash
    } else {
        1
    }
}

/// UTF-8 bytes of UTF-16 units under `mode`, or the index of the unit that is an
/// error in that mode.
fn utf16_model(units: &[u16], mode: ErrorMode) -> Result<Vec<u8>, usize> {
    let mut out = Vec::new();
    let mut at = 0;
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => {
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                at += c.len_utf16();
            }
            Err(e) => {
                let unit = e.unpaired_surrogate();
                match mode {
                    ErrorMode::Strict => return Err(at),
                    ErrorMode::SurrogateEscape if (0xDC80..=0xDCFF).contains(&unit) => {
                        out.push(unit as u8)
                    }
                    ErrorMode::SurrogateEscape => return Err(at),
                    ErrorMode::Ignore => {}
                    ErrorMode::BackslashReplace => {
                        out.extend_from_slice(format!("\\u{unit:04x}").as_bytes())
                    }
                    _ => out.extend_from_slice("\u{FFFD}".as_bytes()),
                }
                at += 1;
            }
        }
    }
    Ok(out)
}

fn utf32_model(values: &[u32], mode: ErrorMode) -> Result<Vec<u8>, usize> {
    let mut out = Vec::new();
    for (at, &v) in values.iter().enumerate() {
        match char::from_u32(v) {
            Some(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            None => match mode {
                ErrorMode::Strict => return Err(at),
                ErrorMode::SurrogateEscape if (0xDC80..=0xDCFF).contains(&v) => out.push(v as u8),
                ErrorMode::SurrogateEscape => return Err(at),
                ErrorMode::Ignore => {}
                // Python's escapes: `\uNNNN` up to U+FFFF, `\UNNNNNNNN` above.
                ErrorMode::BackslashReplace if v <= 0xFFFF => {
                    out.extend_from_slice(format!("\\u{v:04x}").as_bytes())
                }
                ErrorMode::BackslashReplace => {
                    out.extend_from_slice(format!("\\U{v:08x}").as_bytes())
                }
                _ => out.extend_from_slice("\u{FFFD}".as_bytes()),
            },
        }
    }
    Ok(out)
}

#[test]
fn every_two_byte_input() {
    let engines = engines();
    for a in 0..=255u8 {
        for b in 0..=255u8 {
            check_utf8(&[a, b], &engines);
        }
    }
}

#[test]
fn edge_bytes_in_inputs_of_three_and_four() {
    let engines = engines();
    for &a in &EDGE_BYTES {
        for &b in &EDGE_BYTES {
            for &c in &EDGE_BYTES {
                check_utf8(&[a, b, c], &engines);
                check_utf8(&[a, b, c, 0x80], &engines);
            }
        }
    }
}

/// Invalid pieces at every position of multi-block inputs, alone and in runs, so
/// the kernels' block edges, the neighbourhood and the hand-back all meet them.
#[test]
fn invalid_pieces_at_every_position_of_long_inputs() {
    let engines = engines();
    let base: Vec<u8> = "Grüße aus Köln — 東京 🎉 and some ASCII text to fill the vector blocks. "
        .repeat(3)
        .into_bytes();
    let pieces: [&[u8]; 7] = [
        b"\xFF",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\xED\xA0\x80",
        b"\xC0\xAF",
        b"\x80\x80\x80\x80\x80",
        b"\xC3",
    ];
    for piece in pieces {
        for at in 0..=base.len() {
            let mut bytes = base[..at].to_vec();
            bytes.extend_from_slice(piece);
            bytes.extend_from_slice(&base[at..]);
            check_utf8(&bytes, &engines);
            // And at the very end, where the incomplete sequence is cut.
            check_utf8(&bytes[..at + piece.len()], &engines);
        }
    }
}

/// Errors every `gap` bytes, for gaps around the neighbourhood's length.
#[test]
fn periodic_errors() {
    let engines = engines();
    let text = "ASCII and ünïcödé and 中文 and 🎉 ".repeat(12);
    for gap in [1, 2, 3, 7, 15, 16, 17, 31, 33, 64, 100] {
        let mut bytes = Vec::new();
        for (i, &b) in text.as_bytes().iter().enumerate() {
            if i % gap == 0 {
                bytes.push(0xFE);
            }
            bytes.push(b);
        }
        check_utf8(&bytes, &engines);
    }
}

#[test]
fn windows1252_matches_encoding_rs() {
    for b in 0..=255u8 {
        assert_eq!(
            utfast::latin1::windows1252_char(b),
            cp1252(b),
            "byte {b:02X}"
        );
    }
}

#[test]
fn error_mode_names_round_trip() {
    for &mode in ErrorMode::ALL {
        assert_eq!(ErrorMode::from_name(mode.name()), Some(mode));
        assert_eq!(
            ErrorMode::from_name(&mode.name().to_uppercase()),
            Some(mode)
        );
        assert_eq!(mode.to_string(), mode.name());
    }
    assert_eq!(ErrorMode::from_name(""), None);
    assert_eq!(ErrorMode::from_name("replacement"), None);
}

/// Every output length shorter than needed: an `OutputTooSmall` error whose
/// counts say what is in place, never a write past the slice.
#[test]
fn short_outputs_stop_cleanly() {
    let engines = engines();
    let inputs: [&[u8]; 3] = [
        b"ab\xFFc\xE2\x82\xAC\xF0\x9F\x98\x80\xC3",
        "\u{10000}x\u{FFFD}".as_bytes(),
        b"\xF0\x9F\x98\x80\xFF\xFF\xFF\xE9",
    ];
    for bytes in inputs {
        for &mode in &ErrorMode::ALL[1..] {
            let full = to_utf16(&model(bytes, mode).unwrap());
            for engine in &engines {
                for len in 0..full.len() {
                    let mut out = vec![0u16; len];
                    let e = engine
                        .utf8_to_utf16_with(bytes, &mut out, ByteOrder::NATIVE, mode)
                        .unwrap_err();
                    assert_eq!(e.kind(), Utf8ErrorKind::OutputTooSmall);
                    assert_eq!(&out[..e.written()], &full[..e.written()]);
                    let prefix = to_utf16(&model(&bytes[..e.valid_up_to()], mode).unwrap());
                    assert_eq!(prefix.len(), e.written(), "{mode} len {len}");
                }
            }
        }
    }
    let units = [0x61u16, 0xD800, 0x62, 0xDC00];
    for engine in &engines {
        for len in 0..8 {
            let mut out = vec![0u8; len];
            let e = engine
                .utf16_to_utf8_with(&units, &mut out, ByteOrder::NATIVE, ErrorMode::Replace)
                .unwrap_err();
            assert_eq!(e.kind(), Utf16ErrorKind::OutputTooSmall);
            let want = utf16_model(&units[..e.valid_up_to()], ErrorMode::Replace).unwrap();
            assert_eq!(&out[..e.written()], want.as_slice());
        }
    }
}

/// Named examples: a lone byte, the maximal subparts of the Unicode Standard's
/// table 3-8 example, and path traversal through an overlong '.'.
#[test]
fn replacement_examples_of_the_standard() {
    let bytes = b"\x61\xF1\x80\x80\xE1\x80\xC2\x62\x80\x63\x80\xBF\x64";
    assert_eq!(
        utfast::from_utf8_lossy(bytes),
        "a\u{FFFD}\u{FFFD}\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFFD}d"
    );
    let path = utfast::from_utf8_lossy(b"\x2F\xC0\xAE\x2E\x2F");
    assert_eq!(path, "/\u{FFFD}\u{FFFD}./");
    assert!(!path.contains("/../"));
    for &mode in ErrorMode::ALL {
        if let Ok(text) = utfast::utf8::to_string_with(b"\x2F\xC0\xAE\x2E\x2F", mode) {
            assert!(!text.contains("/../"), "{mode}: {text}");
        }
    }
}

fn messy_bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        6 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
        3 => proptest::char::range('\0', '\x7F').prop_map(|c| vec![c as u8; 8]),
        2 => (0x80u8..=0xFF).prop_map(|b| vec![b]),
        2 => (any::<char>(), 1usize..4).prop_map(|(c, n)| {
            let bytes = c.to_string().into_bytes();
            let n = n.min(bytes.len().saturating_sub(1)).max(1);
            bytes[..n].to_vec()
        }),
    ];
    proptest::collection::vec(piece, 0..120).prop_map(|v| v.concat())
}

fn messy_units() -> impl Strategy<Value = Vec<u16>> {
    let unit = prop_oneof![
        5 => 0u16..0x80,
        2 => any::<u16>(),
        2 => 0xD800u16..0xE000,
        1 => 0xDC80u16..0xDD00,
    ];
    proptest::collection::vec(unit, 0..200)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn random_messy_utf8(bytes in messy_bytes()) {
        check_utf8(&bytes, &engines());
    }

    #[test]
    fn random_messy_utf16(units in messy_units()) {
        check_utf16(&units, &engines());
    }

    /// UTF-8b: any byte string -> UTF-16/UTF-32 with escapes -> the same bytes.
    #[test]
    fn surrogate_escape_round_trips(bytes in prop_oneof![
        messy_bytes(),
        proptest::collection::vec(any::<u8>(), 0..400),
    ]) {
        for engine in engines() {
            let units = engine.utf8_to_utf16_vec_with(&bytes, ByteOrder::NATIVE, ErrorMode::SurrogateEscape).unwrap();
            let back = engine.utf16_to_utf8_vec_with(&units, ByteOrder::NATIVE, ErrorMode::SurrogateEscape).unwrap();
            prop_assert_eq!(&back, &bytes, "{}: UTF-16", engine.kernel());
            let values = engine.utf8_to_utf32_vec_with(&bytes, ErrorMode::SurrogateEscape).unwrap();
            let back = engine.utf32_to_utf8_vec_with(&values, ErrorMode::SurrogateEscape).unwrap();
            prop_assert_eq!(&back, &bytes, "{}: UTF-32", engine.kernel());
        }
    }
}

#[test]
fn edge_utf16_inputs() {
    let engines = engines();
    let edges = [
        0x41u16, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDC80, 0xDCFF, 0xDFFF, 0xE000, 0xFFFD,
    ];
    for &a in &edges {
        check_utf16(&[a], &engines);
        for &b in &edges {
            for &c in &edges {
                check_utf16(&[a, b, c], &engines);
            }
        }
    }
    // A lone surrogate at every position of a multi-block text.
    let text: Vec<u16> = "UTF-16 text, ünïcödé, 中文, 🎉 "
        .repeat(4)
        .encode_utf16()
        .collect();
    for lone in [0xD800u16, 0xDCFF] {
        for at in 0..=text.len() {
            let mut units = text[..at].to_vec();
            units.push(lone);
            units.extend_from_slice(&text[at..]);
            check_utf16(&units, &engines);
        }
    }
}

#[test]
fn utf32_invalid_values() {
    for engine in engines() {
        for &mode in ErrorMode::ALL {
            for v in [
                0xD800u32,
                0xDC7F,
                0xDC80,
                0xDCFF,
                0xDFFF,
                0x11_0000,
                u32::MAX,
            ] {
                let values = [0x41, v, 0x42];
                assert_eq!(
                    engine
                        .utf32_to_utf8_vec_with(&values, mode)
                        .map_err(|e| e.valid_up_to()),
                    utf32_model(&values, mode),
                    "{mode} {v:X}"
                );
            }
        }
    }
}

/// Inputs longer than the 8 KiB windows the lossy decoders flag at a time:
/// characters and invalid pieces around every window edge, so a character cut by
/// an edge (decoded with the next window) and spans near it are checked.
#[test]
fn window_edges_of_long_inputs() {
    let engines = engines();
    let text = "ascii, ünïcödé, 中文, 🎉 ".repeat(900).into_bytes();
    let pieces: [&[u8]; 4] = [b"\xFF", b"\xE2\x82", b"\xF0\x9F\x98", b"\x80\x80"];
    for edge in [8192usize, 16384] {
        for shift in 0..8 {
            let at = edge - 4 + shift;
            for piece in pieces {
                let mut bytes = text[..at].to_vec();
                bytes.extend_from_slice(piece);
                bytes.extend_from_slice(&text[at..]);
                let std = String::from_utf8_lossy(&bytes);
                let latin: String = model(&bytes, ErrorMode::Latin1)
                    .unwrap()
                    .into_iter()
                    .map(|cp| char::from_u32(cp).unwrap())
                    .collect();
                for engine in &engines {
                    assert_eq!(
                        engine.from_utf8_lossy(&bytes),
                        std,
                        "{} at {at}",
                        engine.kernel()
                    );
                    let ours = engine
                        .utf8_to_string_with(&bytes, ErrorMode::Latin1)
                        .unwrap();
                    assert_eq!(ours, latin, "{} at {at}", engine.kernel());
                    let std16: Vec<u16> = std.encode_utf16().collect();
                    assert_eq!(
                        engine.utf8_to_utf16_lossy(&bytes, ByteOrder::NATIVE),
                        std16,
                        "at {at}"
                    );
                    let ours = engine.utf8_to_utf32_vec_with(&bytes, ErrorMode::SurrogateEscape);
                    let escaped = model(&bytes, ErrorMode::SurrogateEscape).unwrap();
                    assert_eq!(ours.unwrap(), escaped, "{} at {at}", engine.kernel());
                }
            }
            // And the valid text cut just there, so its last window ends mid-character.
            let cut = &text[..at];
            for engine in &engines {
                assert_eq!(engine.from_utf8_lossy(cut), String::from_utf8_lossy(cut));
            }
        }
    }
}

/// `Ignore` and `BackslashReplace` give what CPython's `ignore` and
/// `backslashreplace` give (written out here from CPython 3.11), one-shot and
/// streaming; where the library's input is UTF-16/UTF-32 units, an invalid unit
/// is escaped as CPython's encoder escapes a lone surrogate of a `str`.
#[test]
fn python_error_handlers() {
    use utfast::{stream::Transcoder, Encoding};
    let bytes = b"a\xE2\x82b\xFF";
    // b'a\xe2\x82b\xff'.decode('utf-8', 'backslashreplace') == 'a\\xe2\\x82b\\xff'
    let cases = [
        (ErrorMode::Ignore, "ab"),
        (ErrorMode::BackslashReplace, r"a\xe2\x82b\xff"),
    ];
    let stream = |from, to, mode, src: &[u8]| {
        let mut t = Transcoder::new(from, to, mode);
        let mut out = vec![0u8; t.max_output_len(src.len())];
        let p = t.transcode(src, &mut out, true);
        assert_eq!(p.read, src.len(), "{from} -> {to} {mode}");
        out.truncate(p.written);
        out
    };
    for engine in engines() {
        for (mode, want) in cases {
            let got = engine.utf8_to_string_with(bytes, mode).unwrap();
            assert_eq!(got, want, "{}", engine.kernel());
            let units = engine
                .utf8_to_utf16_vec_with(bytes, ByteOrder::NATIVE, mode)
                .unwrap();
            assert_eq!(String::from_utf16(&units).unwrap(), want);
        }
        // 'a\ud800'.encode('utf-8', 'backslashreplace') == b'a\\ud800'
        let units = [0x61, 0xD800];
        let got =
            engine.utf16_to_utf8_vec_with(&units, ByteOrder::NATIVE, ErrorMode::BackslashReplace);
        assert_eq!(got.unwrap(), br"a\ud800");
        let got = engine.utf16_to_utf8_vec_with(&units, ByteOrder::NATIVE, ErrorMode::Ignore);
        assert_eq!(got.unwrap(), b"a");
        let got = engine.utf32_to_utf8_vec_with(&[0x110000, 0xDFFF], ErrorMode::BackslashReplace);
        assert_eq!(got.unwrap(), br"\U00110000\udfff");
    }
    for (mode, want) in cases {
        assert_eq!(
            stream(Encoding::Utf8, Encoding::Utf8, mode, bytes),
            want.as_bytes()
        );
        assert_eq!(
            stream(Encoding::Utf8, Encoding::Latin1, mode, bytes),
            want.as_bytes()
        );
    }
    // UTF-16LE bytes: a, a lone D800, then one odd byte (b); CPython escapes the
    // surrogate's two bytes (\x00\xd8) where the library escapes the unit.
    let utf16 = b"a\x00\x00\xD8b";
    let got = stream(
        Encoding::Utf16Le,
        Encoding::Utf8,
        ErrorMode::BackslashReplace,
        utf16,
    );
    assert_eq!(got, br"a\ud800\x62");
    let got = stream(
        Encoding::Utf16Le,
        Encoding::Utf32Le,
        ErrorMode::Ignore,
        utf16,
    );
    assert_eq!(got, b"a\0\0\0");
    // A surrogate WTF-8 holds, into Latin-1 and UTF-16.
    let wtf8 = b"x\xED\xA0\x80";
    let got = stream(
        Encoding::Wtf8,
        Encoding::Latin1,
        ErrorMode::BackslashReplace,
        wtf8,
    );
    assert_eq!(got, br"x\ud800");
    let got = stream(Encoding::Wtf8, Encoding::Utf16Le, ErrorMode::Ignore, wtf8);
    assert_eq!(got, b"x\0");
}
