//! Transcoding conformance: every kernel this CPU supports against the scalar
//! reference (`utfast::reference::transcode`), and the reference against std
//! (`str::encode_utf16`, `str::chars`, `char::decode_utf16`, `char::from_u32`), for
//! every direction and byte order: boundary cases placed around vector-block edges,
//! every output-slice length on small texts, random corrupted text, and round
//! trips over `../shared/corpus` (or `UTFAST_CORPUS`).

mod common;

use common::{cases, corpus_files, corpus_or_skip, engines, quick, EDGE_BYTES};
use proptest::prelude::*;
use std::fmt::Debug;
use utfast::reference::transcode as reference;
use utfast::{
    utf16::Utf16ErrorKind, utf32::Utf32ErrorKind, ByteOrder, ConversionError, Engine, Utf8ErrorKind,
};

const ORDERS: [ByteOrder; 2] = [ByteOrder::Little, ByteOrder::Big];

/// Runs a conversion into a fresh output of `len` units pre-filled with `fill`;
/// returns the result and the output the result vouches for (up to the count
/// written, on success or error).
fn run<T: Copy, E: ConversionError>(
    len: usize,
    fill: T,
    f: impl FnOnce(&mut [T]) -> Result<usize, E>,
) -> (Result<usize, E>, Vec<T>) {
    let mut out = vec![fill; len];
    let result = f(&mut out);
    let n = match &result {
        Ok(n) => *n,
        Err(e) => e.written(),
    };
    out.truncate(n);
    (result, out)
}

/// Asserts two runs agree: result, `written` on error, and the output.
fn agree<T: PartialEq + Debug, E: PartialEq + ConversionError>(
    what: &str,
    got: &(Result<usize, E>, Vec<T>),
    want: &(Result<usize, E>, Vec<T>),
    input: &dyn Debug,
) {
    assert_eq!(got.0, want.0, "{what}: result differs on {input:X?}");
    if let (Err(g), Err(w)) = (&got.0, &want.0) {
        assert_eq!(
            g.written(),
            w.written(),
            "{what}: written differs on {input:X?}"
        );
    }
    assert_eq!(got.1, want.1, "{what}: output differs on {input:X?}");
}

/// `agree(what, &run(len, fill, convert), want, input)` for each row
/// `len, fill, convert => want;`.
macro_rules! agree_runs {
    ($what:expr, $input:expr; $($len:expr, $fill:expr, $convert:expr => $want:expr;)*) => {
        $(agree($what, &run($len, $fill, $convert), $want, $input);)*
    };
}

// ---------------------------------------------------------------------------
// The checks, one per input format.

/// UTF-8 input: reference vs std, every engine vs the reference, every direction.
fn check_utf8(input: &[u8], engines: &[Engine]) {
    let n = input.len();
    let std = std::str::from_utf8(input);

    // The reference against std.
    let r16 = run(n, 0u16, |o| {
        reference::utf8_to_utf16(input, o, ByteOrder::NATIVE)
    });
    let r32 = run(n, 0u32, |o| reference::utf8_to_utf32(input, o));
    let rl1 = run(n, 0u8, |o| reference::utf8_to_latin1(input, o));
    match std {
        Ok(s) => {
            assert_eq!(r16.0, Ok(s.encode_utf16().count()));
            assert_eq!(r16.1, s.encode_utf16().collect::<Vec<_>>());
            assert_eq!(r32.1, s.chars().map(u32::from).collect::<Vec<_>>());
            assert_eq!(reference::count_chars(input), s.chars().count());
            assert_eq!(
                reference::utf16_len_from_utf8(input),
                s.encode_utf16().count()
            );
            match s.char_indices().find(|&(_, c)| c as u32 > 0xFF) {
                None => assert_eq!(rl1.1, s.chars().map(|c| c as u8).collect::<Vec<_>>()),
                Some((at, c)) => {
                    let e = rl1.0.unwrap_err();
                    assert_eq!(e.kind(), Utf8ErrorKind::NotLatin1);
                    assert_eq!((e.valid_up_to(), e.error_len()), (at, Some(c.len_utf8())));
                }
            }
        }
        Err(e) => {
            let want = (e.valid_up_to(), e.error_len());
            for got in [r16.0.unwrap_err(), r32.0.unwrap_err()] {
                assert_eq!((got.valid_up_to(), got.error_len()), want, "{input:X?}");
                assert_eq!(Err(got), utfast::reference::utf8::validate(input));
            }
            let prefix = std::str::from_utf8(&input[..e.valid_up_to()]).unwrap();
            assert_eq!(r16.1, prefix.encode_utf16().collect::<Vec<_>>());
        }
    }

    for engine in engines {
        let k = engine.kernel().name();
        agree_runs!(k, &input;
            n, 0xAAAA, |o| engine.utf8_to_utf16(input, o, ByteOrder::NATIVE) => &r16;
            n, 7, |o| engine.utf8_to_utf32(input, o) => &r32;
            n, 7, |o| engine.utf8_to_latin1(input, o) => &rl1;
        );
        for order in ORDERS {
            let want = run(n, 0, |o| reference::utf8_to_utf16(input, o, order));
            let got = run(n, 0x5555, |o| match order {
                ByteOrder::Little => engine.utf8_to_utf16(input, o, ByteOrder::Little),
                ByteOrder::Big => engine.utf8_to_utf16(input, o, ByteOrder::Big),
            });
            agree(k, &got, &want, &input);
        }
        assert_eq!(
            engine.count_chars(input),
            reference::count_chars(input),
            "{k}"
        );
        assert_eq!(
            engine.utf16_len_from_utf8(input),
            reference::utf16_len_from_utf8(input),
            "{k}"
        );
        if let Ok(s) = std {
            let mut out = vec![0u16; n];
            let m = engine.str_to_utf16(s, &mut out, ByteOrder::NATIVE).unwrap();
            assert_eq!(&out[..m], &r16.1[..], "{k} str_to_utf16");
            let mut out = vec![0u32; n];
            let m = engine.str_to_utf32(s, &mut out).unwrap();
            assert_eq!(&out[..m], &r32.1[..], "{k} str_to_utf32");
        }
    }
}

/// UTF-16 input given as code-unit values: stored in each byte order, every
/// direction, against the reference and std.
fn check_utf16(units: &[u16], engines: &[Engine]) {
    let n = units.len();
    // std: the decoded characters up to the first unpaired surrogate.
    let mut chars = String::new();
    let mut bad_at = None;
    let mut at = 0;
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            Ok(c) => {
                chars.push(c);
                at += c.len_utf16();
            }
            Err(_) => {
                bad_at = Some(at);
                break;
            }
        }
    }

    for order in ORDERS {
        let stored: Vec<u16> = units.iter().map(|&u| order.write_u16(u)).collect();
        let src = &stored[..];
        let r8 = run(3 * n, 0u8, |o| reference::utf16_to_utf8(src, o, order));
        let r32 = run(n, 0u32, |o| reference::utf16_to_utf32(src, o, order));
        let rl1 = run(n, 0u8, |o| reference::utf16_to_latin1(src, o, order));
        let check = reference::check_utf16(src, order);

        // The reference against std.
        match bad_at {
            None => {
                assert_eq!(check, Ok(()));
                assert_eq!(r8.1, chars.as_bytes());
                assert_eq!(r32.1, chars.chars().map(u32::from).collect::<Vec<_>>());
                assert_eq!(reference::utf8_len_from_utf16(src, order), chars.len());
                assert_eq!(
                    reference::utf32_len_from_utf16(src, order),
                    chars.chars().count()
                );
            }
            Some(at) => {
                assert_eq!(check.unwrap_err().valid_up_to(), at, "{units:X?}");
                assert_eq!(r8.0.as_ref().unwrap_err().valid_up_to(), at);
                assert_eq!(r8.1, chars.as_bytes());
                let kind = check.unwrap_err().kind();
                let unit = units[at];
                let want = if (0xDC00..=0xDFFF).contains(&unit) {
                    Utf16ErrorKind::UnpairedLowSurrogate
                } else if at + 1 == n {
                    Utf16ErrorKind::TruncatedAtEnd
                } else {
                    Utf16ErrorKind::UnpairedHighSurrogate
                };
                assert_eq!(kind, want);
            }
        }

        for engine in engines {
            let k = engine.kernel().name();
            let le = order == ByteOrder::Little;
            let native = order == ByteOrder::NATIVE;
            let got8 = run(3 * n, 0xAA, |o| match le {
                true => engine.utf16_to_utf8(src, o, ByteOrder::Little),
                false => engine.utf16_to_utf8(src, o, ByteOrder::Big),
            });
            agree(k, &got8, &r8, &units);
            let got32 = run(n, 9, |o| match le {
                true => engine.utf16_to_utf32(src, o, ByteOrder::Little),
                false => engine.utf16_to_utf32(src, o, ByteOrder::Big),
            });
            agree(k, &got32, &r32, &units);
            let gotl1 = run(n, 9, |o| match le {
                true => engine.utf16_to_latin1(src, o, ByteOrder::Little),
                false => engine.utf16_to_latin1(src, o, ByteOrder::Big),
            });
            agree(k, &gotl1, &rl1, &units);
            let (got_check, got_valid) = match le {
                true => (
                    engine.check_utf16(src, ByteOrder::Little),
                    engine.validate_utf16(src, ByteOrder::Little),
                ),
                false => (
                    engine.check_utf16(src, ByteOrder::Big),
                    engine.validate_utf16(src, ByteOrder::Big),
                ),
            };
            assert_eq!(got_check, check, "{k} check on {units:X?}");
            assert_eq!(got_valid, check.is_ok(), "{k} validate on {units:X?}");
            let len8 = match le {
                true => engine.utf8_len_from_utf16(src, ByteOrder::Little),
                false => engine.utf8_len_from_utf16(src, ByteOrder::Big),
            };
            assert_eq!(len8, reference::utf8_len_from_utf16(src, order), "{k}");
            if native {
                agree(
                    k,
                    &run(3 * n, 1, |o| {
                        engine.utf16_to_utf8(src, o, ByteOrder::NATIVE)
                    }),
                    &r8,
                    &units,
                );
                assert_eq!(engine.check_utf16(src, ByteOrder::NATIVE), check);
                assert_eq!(
                    engine.utf32_len_from_utf16(src, ByteOrder::NATIVE),
                    reference::utf32_len_from_utf16(src, order)
                );
            }
        }
    }
}

/// UTF-32 input: every direction, against the reference and std.
fn check_utf32(values: &[u32], engines: &[Engine]) {
    let n = values.len();
    let first_bad = values.iter().position(|&v| char::from_u32(v).is_none());
    let good: String = values[..first_bad.unwrap_or(n)]
        .iter()
        .map(|&v| char::from_u32(v).unwrap())
        .collect();
    let r8 = run(4 * n, 0u8, |o| reference::utf32_to_utf8(values, o));
    let rl1 = run(n, 0u8, |o| reference::utf32_to_latin1(values, o));
    let check = reference::check_utf32(values);
    assert_eq!(r8.1, good.as_bytes());
    match first_bad {
        None => {
            assert_eq!(check, Ok(()));
            assert_eq!(reference::utf8_len_from_utf32(values), good.len());
            assert_eq!(
                reference::utf16_len_from_utf32(values),
                good.encode_utf16().count()
            );
        }
        Some(at) => {
            let e = check.unwrap_err();
            assert_eq!(e.valid_up_to(), at);
            let want = if values[at] > 0x10FFFF {
                Utf32ErrorKind::TooLarge
            } else {
                Utf32ErrorKind::Surrogate
            };
            assert_eq!(e.kind(), want);
        }
    }
    for engine in engines {
        let k = engine.kernel().name();
        agree_runs!(k, &values;
            4 * n, 3, |o| engine.utf32_to_utf8(values, o) => &r8;
            n, 3, |o| engine.utf32_to_latin1(values, o) => &rl1;
        );
        for order in ORDERS {
            let want = run(2 * n, 0, |o| reference::utf32_to_utf16(values, o, order));
            let got = run(2 * n, 3, |o| match order {
                ByteOrder::Little => engine.utf32_to_utf16(values, o, ByteOrder::Little),
                ByteOrder::Big => engine.utf32_to_utf16(values, o, ByteOrder::Big),
            });
            agree(k, &got, &want, &values);
        }
        assert_eq!(engine.check_utf32(values), check, "{k}");
        assert_eq!(engine.validate_utf32(values), check.is_ok(), "{k}");
        assert_eq!(
            engine.utf8_len_from_utf32(values),
            reference::utf8_len_from_utf32(values)
        );
        assert_eq!(
            engine.utf16_len_from_utf32(values),
            reference::utf16_len_from_utf32(values)
        );
    }
}

/// Latin-1 input: every direction, against the reference and std.
fn check_latin1(bytes: &[u8], engines: &[Engine]) {
    let n = bytes.len();
    let s: String = bytes.iter().map(|&b| b as char).collect();
    let r8 = run(2 * n, 0u8, |o| reference::latin1_to_utf8(bytes, o));
    assert_eq!(r8.1, s.as_bytes());
    assert_eq!(reference::utf8_len_from_latin1(bytes), s.len());
    for engine in engines {
        let k = engine.kernel().name();
        agree(
            k,
            &run(2 * n, 1, |o| engine.latin1_to_utf8(bytes, o)),
            &r8,
            &bytes,
        );
        let want32 = run(n, 0, |o| reference::latin1_to_utf32(bytes, o));
        agree(
            k,
            &run(n, 1, |o| engine.latin1_to_utf32(bytes, o)),
            &want32,
            &bytes,
        );
        for order in ORDERS {
            let want = run(n, 0, |o| reference::latin1_to_utf16(bytes, o, order));
            let got = run(n, 1, |o| match order {
                ByteOrder::Little => engine.latin1_to_utf16(bytes, o, ByteOrder::Little),
                ByteOrder::Big => engine.latin1_to_utf16(bytes, o, ByteOrder::Big),
            });
            agree(k, &got, &want, &bytes);
        }
        assert_eq!(engine.utf8_len_from_latin1(bytes), s.len());
    }
}

// ---------------------------------------------------------------------------
// Placement around block edges.

/// Filler before a case: ASCII, or non-ASCII of the format's own kind.
fn utf8_cases(seq: &[u8]) -> Vec<Vec<u8>> {
    let offsets: &[usize] = if quick() {
        &[0, 15, 16, 31, 63, 64]
    } else {
        &[0, 1, 7, 8, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65]
    };
    let mut out = Vec::new();
    for &offset in offsets {
        for filler in ["a", "é", "€"] {
            let mut buf: Vec<u8> = filler.repeat(offset / filler.len()).into_bytes();
            buf.resize(offset, b'x');
            buf.extend_from_slice(seq);
            for suffix in [0, 1, 20] {
                let mut b = buf.clone();
                b.resize(b.len() + suffix, b'z');
                out.push(b);
            }
        }
    }
    out
}

/// The [`unit_cases`] of every pair of `edges`.
fn edge_pair_cases<T: Copy>(edges: &[T], fillers: &[T]) -> Vec<Vec<T>> {
    let pairs = edges
        .iter()
        .flat_map(|&a| edges.iter().map(move |&b| [a, b]));
    pairs.flat_map(|pair| unit_cases(&pair, fillers)).collect()
}

fn unit_cases<T: Copy>(seq: &[T], fillers: &[T]) -> Vec<Vec<T>> {
    let offsets: &[usize] = if quick() {
        &[0, 7, 8, 15, 31, 32]
    } else {
        &[0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33]
    };
    let mut out = Vec::new();
    for &offset in offsets {
        for &filler in fillers {
            let mut buf = vec![filler; offset];
            buf.extend_from_slice(seq);
            for suffix in [0, 1, 9] {
                let mut b = buf.clone();
                b.extend(std::iter::repeat_n(fillers[0], suffix));
                out.push(b);
            }
        }
    }
    out
}

#[test]
fn utf8_input_one_and_two_bytes_at_edges() {
    let engines = engines();
    for a in 0..=255u8 {
        for case in utf8_cases(&[a]) {
            check_utf8(&case, &engines);
        }
        let seconds: Vec<u8> = if quick() {
            EDGE_BYTES.to_vec()
        } else {
            (0..=255).collect()
        };
        for b in seconds {
            for case in utf8_cases(&[a, b]).into_iter().step_by(5) {
                check_utf8(&case, &engines);
            }
        }
    }
}

#[test]
fn utf8_input_three_and_four_bytes_at_edges() {
    let engines = engines();
    let leads: &[u8] = &[
        0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5,
    ];
    for &a in leads {
        for &b in &EDGE_BYTES {
            for &c in &EDGE_BYTES {
                for case in utf8_cases(&[a, b, c]).into_iter().step_by(3) {
                    check_utf8(&case, &engines);
                }
                if a >= 0xF0 {
                    for &d in &EDGE_BYTES {
                        for case in utf8_cases(&[a, b, c, d]).into_iter().step_by(7) {
                            check_utf8(&case, &engines);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn utf16_input_every_unit_and_surrogate_edges() {
    let engines = engines();
    // Every code unit alone (a lone surrogate is an error), then in blocks.
    let step = if quick() { 61 } else { 1 };
    for u in (0..=0xFFFFu16).step_by(step) {
        check_utf16(&[u], &engines);
        check_utf16(&[0x41, u, 0x42], &engines);
    }
    let edges: &[u16] = &[
        0x0000, 0x007F, 0x0080, 0x00FF, 0x0100, 0x07FF, 0x0800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00,
        0xDFFF, 0xE000, 0xFFFF,
    ];
    for case in edge_pair_cases(edges, &[0x61, 0xE9, 0x4E16]) {
        check_utf16(&case, &engines);
    }
}

/// A valid or invalid sequence at every character position of UTF-8 texts of
/// several 64-byte blocks (after 0-3 ASCII bytes, in fillers of 1- to 4-byte
/// characters): every block edge, the bytes carried from block to block, and the
/// hand-over from the vector loop to the scalar end see each of them.
#[test]
fn utf8_sequences_at_every_position_of_long_inputs() {
    let engines = engines();
    let len = if quick() { 140 } else { 270 };
    let specials: &[&[u8]] = &[
        "😀".as_bytes(),
        "€".as_bytes(),
        "é".as_bytes(),
        b"\xE4\x41",
        b"\x80",
        b"\xF0\x90\x80",
        b"\xED\xA0\x80",
        b"\xC0\x80",
        b"\xF4\x90\x80\x80",
        b"\xC3",
    ];
    for filler in ["a", "é", "€", "😀"] {
        let count = len / filler.len();
        for ascii in 0..4 {
            for special in specials {
                for at in 0..=count {
                    let mut case = "a".repeat(ascii).into_bytes();
                    case.extend(filler.repeat(at).bytes());
                    case.extend_from_slice(special);
                    case.extend(filler.repeat(count - at).bytes());
                    check_utf8(&case, &engines);
                }
            }
        }
    }
}

/// One special unit (or pair) at every position of inputs longer than two of the
/// widest kernel's blocks, in fillers of 1-, 2- and 3-byte characters: every
/// vector step, block edge and tail sees it.
#[test]
fn special_units_at_every_position_of_long_inputs() {
    let engines = engines();
    let len = if quick() { 70 } else { 150 };
    // Fillers next to the surrogates too: the vector kernels test a whole chunk
    // for surrogates at once (a running minimum of shifted units), which a
    // neighbour of the surrogate range must not hide.
    for filler in [0x61u16, 0xE9, 0x20AC, 0xD7FF, 0xE000, 0xFFFF] {
        // Pairs: U+1F600, and the four corners of the pair range (every bit of
        // both halves set and clear: U+10000, U+103FF, U+10FC00, U+10FFFF).
        for special in [
            &[0xD83D, 0xDE00][..],
            &[0xD800, 0xDC00],
            &[0xD800, 0xDFFF],
            &[0xDBFF, 0xDC00],
            &[0xDBFF, 0xDFFF],
            &[0xD83D],
            &[0xDE00],
            &[0xDE00, 0xD83D],
        ] {
            for at in 0..len {
                let mut units = vec![filler; len];
                units.splice(at..at + 1, special.iter().copied());
                check_utf16(&units, &engines);
            }
        }
    }
    // Emoji text (surrogate pairs only), one unit changed anywhere: a pair split,
    // doubled or broken by a BMP character, in whole chunks of pairs and not.
    // Also after one or two BMP units (a byte order mark, a space), which puts
    // the pairs out of step with the chunks.
    // The pairs vary: U+10000 + 0x3FF * k spans the range, every bit of
    // both halves in play. Longer than two runs of 128 units (the longest
    // that the pairs' path converts at once), so that a change is met in the
    // first run, the second, and after them.
    let pairs_len = if quick() { 150 } else { 300 };
    let pairs: Vec<u16> = (0..=pairs_len / 2)
        .flat_map(|k| {
            let c = 0x10000 + 0x3FF * k as u32 * 0x400 / (pairs_len as u32 / 2 + 1) + k as u32;
            char::from_u32(c)
                .unwrap()
                .encode_utf16(&mut [0; 2])
                .to_vec()
        })
        .collect();
    for prefix in [&[][..], &[0xFEFF], &[0x20, 0x20]] {
        for at in 0..pairs_len {
            for special in [0x61u16, 0xD83D, 0xDE00, 0xFFFF] {
                let mut units = prefix.to_vec();
                units.extend(&pairs);
                units[at] = special;
                check_utf16(&units, &engines);
            }
        }
    }
    for filler in [
        0x61u32, 0xE9, 0x20AC, 0x1F600, 0xD7FF, 0xE000, 0x10000, 0x10FFFF,
    ] {
        for special in [
            0x1F600u32,
            0x7F,
            0x80,
            0x7FF,
            0x800,
            0x10000,
            0xFFFF,
            0xD7FF,
            0xD800,
            0xDFFF,
            0xE000,
            0x10FFFF,
            0x110000,
            0xFFFF_FFFF,
        ] {
            for at in 0..len {
                let mut values = vec![filler; len];
                values[at] = special;
                check_utf32(&values, &engines);
            }
        }
    }
    for filler in [b'a', 0xE9] {
        for special in [0x80u8, 0xFF, 0x00] {
            for at in 0..len {
                let mut bytes = vec![filler; len];
                bytes[at] = special;
                check_latin1(&bytes, &engines);
            }
        }
    }
}

#[test]
fn utf32_input_edges() {
    let engines = engines();
    let edges: &[u32] = &[
        0,
        0x7F,
        0x80,
        0xFF,
        0x100,
        0x7FF,
        0x800,
        0xD7FF,
        0xD800,
        0xDFFF,
        0xE000,
        0xFFFF,
        0x10000,
        0x10FFFF,
        0x110000,
        0xFFFF_FFFF,
    ];
    for case in edge_pair_cases(edges, &[0x61, 0xE9, 0x1F600]) {
        check_utf32(&case, &engines);
    }
}

#[test]
fn latin1_input_every_byte() {
    let engines = engines();
    for b in 0..=255u8 {
        for case in unit_cases(&[b], &[b'a', 0xE9]) {
            check_latin1(&case, &engines);
        }
    }
    let all: Vec<u8> = (0..=255).collect();
    check_latin1(&all, &engines);
}

#[test]
fn latin1_short_strings_every_length_and_room() {
    // Short strings take their own paths (one masked step with AVX-512, steps of
    // eight bytes with the last overlapping on 128-bit kernels): every length
    // up to past the paths' limit, ASCII, accented and mixed in varied
    // patterns, into outputs of exactly twice the input, of exactly the UTF-8
    // length, and one byte short of it. Some longer strings too, which run
    // through several wide steps (64 bytes with AVX-512) at each density.
    let engines = engines();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    for len in (0..=72usize).chain([127, 200, 333, 1000]) {
        for density in [0u64, 1, 2, 3, 4, 8, 16] {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let r = seed >> 33;
                    if r % 16 < density {
                        0x80 | (r >> 8) as u8
                    } else {
                        (r >> 8) as u8 & 0x7F
                    }
                })
                .collect();
            let exact = reference::utf8_len_from_latin1(&bytes);
            for room in [2 * len, exact, exact.saturating_sub(1)] {
                let want = run(room, 0u8, |o| reference::latin1_to_utf8(&bytes, o));
                for engine in &engines {
                    let k = engine.kernel().name();
                    agree(
                        k,
                        &run(room, 1, |o| engine.latin1_to_utf8(&bytes, o)),
                        &want,
                        &bytes,
                    );
                    agree(
                        k,
                        &run(room, 1, |o| utfast::latin1::to_utf8(&bytes, o)),
                        &want,
                        &bytes,
                    );
                }
            }
        }
    }
}

#[test]
fn utf8_runs_of_four_byte_characters_across_the_range() {
    // Text of 4-byte characters only (emoji) goes four characters a vector,
    // each at its lead's lane: runs whose characters span U+10000..U+10FFFF
    // (every bit of the code point set and clear somewhere, plane 16
    // included), after 0 to 3 ASCII bytes (runs out of step with the vectors),
    // with one character changed at each position to a shorter one, to a
    // 3-byte one and an ASCII byte (for UTF-16 output, the same character ends
    // as a 4-byte one's), to two of 2 bytes, or to an invalid sequence.
    let engines = engines();
    let chars: Vec<char> = (0..160u32)
        .map(|k| char::from_u32(0x10000 + (k * 0x6A5F + k * k * 0x3B) % 0x100000).unwrap())
        .chain([
            '\u{10000}',
            '\u{10FFFF}',
            '\u{100000}',
            '\u{FFFFF}',
            '\u{1F600}',
        ])
        .collect();
    for ascii in 0..4 {
        let mut text = "a".repeat(ascii);
        text.extend(&chars);
        check_utf8(text.as_bytes(), &engines);
        for at in (ascii..text.len()).step_by(4) {
            let specials = [
                &b"z"[..],
                "é".as_bytes(),
                "€".as_bytes(),
                "€z".as_bytes(),
                "éé".as_bytes(),
            ];
            for special in specials.into_iter().chain([&b"\xF4\x90\x80\x80"[..]]) {
                let mut bytes = text.as_bytes()[..at].to_vec();
                bytes.extend_from_slice(special);
                bytes.extend_from_slice(&text.as_bytes()[at + 4..]);
                check_utf8(&bytes, &engines);
            }
        }
    }
}

#[test]
fn latin1_ascii_runs_of_every_length_then_accents() {
    // ASCII runs go a vector at a time, and inside long runs several vectors
    // at a test: a run of every length up to past those steps (four 64-byte
    // groups of AVX2), ended by an accented letter at each position, then more
    // text, into outputs of exactly the UTF-8 length and one byte short.
    let engines = engines();
    for run_len in 0..=300usize {
        let mut bytes: Vec<u8> = (0..run_len).map(|i| b'a' + (i % 26) as u8).collect();
        bytes.push(0xE9);
        bytes.extend(b"tude, 0123456789 ".iter().cycle().take(40));
        bytes.push(0xFF);
        bytes.extend(b"fin");
        let exact = reference::utf8_len_from_latin1(&bytes);
        for room in [exact, exact - 1] {
            let want = run(room, 0u8, |o| reference::latin1_to_utf8(&bytes, o));
            for engine in &engines {
                agree(
                    engine.kernel().name(),
                    &run(room, 1, |o| engine.latin1_to_utf8(&bytes, o)),
                    &want,
                    &bytes,
                );
            }
        }
    }
}

#[test]
fn latin1_one_accent_at_every_position_of_long_inputs() {
    // Long enough that the AVX-512 block loop takes several blocks (it keeps
    // room for two blocks' output a step): a block with one byte above 0x7F
    // goes by a byte permute instead of a compress, the byte at every place of
    // it (its last: the 65th output byte is its continuation), each kind of
    // byte (bit 6 clear and set, the ends), alone or with a second one
    // further on (in the same block: the compress path, at every distance
    // from the block's end; or the next block's).
    let engines = engines();
    let len = if quick() { 300 } else { 600 };
    for special in [0x80u8, 0xBF, 0xC0, 0xFF] {
        for at in 0..len {
            for second in [None, Some(1), Some(2), Some(37), Some(64)] {
                let mut bytes: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                bytes[at] = special;
                if let Some(gap) = second {
                    if at + gap < len {
                        bytes[at + gap] = 0xE9;
                    }
                }
                check_latin1(&bytes, &engines);
            }
        }
    }
}

#[test]
fn latin1_two_accents_at_every_pair_of_places_in_a_block() {
    // AVX-512 converts a block with two or more bytes above 0x7F by two
    // compresses, each writing a half's output where the other's ends: two
    // such bytes at every pair of places of a block (in one half, across the
    // halves, at the block's ends), each kind of byte (bit 6 clear and set,
    // the ends), in the input's first block, in a block of the loop that
    // takes four blocks at a time, and in one of the loop that takes one.
    let engines = engines();
    let specials = [0x80u8, 0xBF, 0xC0, 0xFF];
    let blocks: &[usize] = if quick() { &[320] } else { &[0, 320, 832] };
    for &block in blocks {
        for p in 0..64 {
            for q in p + 1..64 {
                let mut bytes: Vec<u8> = (0..1100).map(|i| b'a' + (i % 26) as u8).collect();
                bytes[block + p] = specials[(p + q) % 4];
                bytes[block + q] = specials[(p + 2 * q + 1) % 4];
                check_latin1(&bytes, &engines);
            }
        }
    }
}

#[test]
fn utf8_to_latin1_groups_with_a_byte_changed_anywhere() {
    // AVX-512 converts UTF-8 to Latin-1 two 64-byte blocks at a time from a
    // block that is not ASCII and checks them together, copying ASCII blocks
    // as they are: Latin-1 text (and ASCII text with a few accents, so that
    // some blocks are ASCII and some groups end in a lead) with
    // each byte changed to each kind of byte, into outputs of the input's
    // length and, for some, every room near the end of what it needs.
    let engines = engines();
    let mixed: Vec<u8> = (0..700)
        .map(|i| match i % 11 {
            3 | 7 => 'é',
            5 => 'ÿ',
            9 => '\u{80}',
            _ => (b'a' + (i % 26) as u8) as char,
        })
        .collect::<String>()
        .into_bytes();
    let mut ascii: Vec<u8> = (0..1100).map(|i| b'a' + (i % 26) as u8).collect();
    // Accents across group and block ends (a lead as the last byte of one).
    for at in [63, 255, 511, 600, 703, 767] {
        ascii[at..at + 2].copy_from_slice("é".as_bytes());
    }
    let step = if quick() { 7 } else { 1 };
    for base in [&mixed, &ascii] {
        for at in (0..base.len()).step_by(step) {
            for byte in [0x41, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xE9, 0xFF] {
                let mut case = base.clone();
                case[at] = byte;
                let n = case.len();
                let rooms: &[usize] = if at % 97 == 0 {
                    &[n, n - 1, n - 64, n - 200]
                } else {
                    &[n]
                };
                for &room in rooms {
                    let want = run(room, 0u8, |o| reference::utf8_to_latin1(&case, o));
                    for engine in &engines {
                        let got = run(room, 7, |o| engine.utf8_to_latin1(&case, o));
                        agree(engine.kernel().name(), &got, &want, &case);
                    }
                }
            }
        }
    }
}

#[test]
fn every_output_length_on_short_texts() {
    let engines = engines();
    let texts = [
        "a",
        "hello, world, this is longer than a vector!",
        "é€😀aé€😀",
        "日本語のテキスト, with ASCII after it and more",
        "😀😀😀😀😀😀😀😀😀😀😀😀",
    ];
    // Several vector blocks, so that the output runs out inside the vector loop
    // as well as in its tail.
    let long = [
        "Grüße, 日本語 😀 and ASCII. ".repeat(8),
        "café naïve façade, Ærø ".repeat(10),
        "x".repeat(150) + &"é".repeat(60),
    ];
    for text in texts.into_iter().chain(long.iter().map(String::as_str)) {
        let utf8 = text.as_bytes();
        let utf16: Vec<u16> = text.encode_utf16().collect();
        let utf32: Vec<u32> = text.chars().map(u32::from).collect();
        for len in 0..=utf8.len() {
            let want16 = run(len, 0, |o| {
                reference::utf8_to_utf16(utf8, o, ByteOrder::NATIVE)
            });
            let want32 = run(len, 0, |o| reference::utf8_to_utf32(utf8, o));
            let want8 = run(len, 0, |o| {
                reference::utf16_to_utf8(&utf16, o, ByteOrder::NATIVE)
            });
            let want8_32 = run(len, 0, |o| reference::utf32_to_utf8(&utf32, o));
            let want_latin1 = run(len, 0, |o| reference::utf8_to_latin1(utf8, o));
            let want16be = run(len, 0, |o| {
                reference::utf8_to_utf16(utf8, o, ByteOrder::Big)
            });
            if len < utf16.len() {
                let e = want16.0.as_ref().unwrap_err();
                assert_eq!(e.kind(), Utf8ErrorKind::OutputTooSmall);
                assert!(text.is_char_boundary(e.valid_up_to()));
            }
            for engine in &engines {
                let k = engine.kernel().name();
                agree_runs!(k, &len;
                    len, 1, |o| engine.utf8_to_utf16(utf8, o, ByteOrder::NATIVE) => &want16;
                    len, 1, |o| engine.utf8_to_utf32(utf8, o) => &want32;
                    len, 1, |o| engine.utf8_to_latin1(utf8, o) => &want_latin1;
                    len, 1, |o| engine.utf8_to_utf16(utf8, o, ByteOrder::Big) => &want16be;
                );
                // The `&str` paths stop where the checked ones do on a short output.
                let str16 = run(len, 1, |o| engine.str_to_utf16(text, o, ByteOrder::Big));
                let str32 = run(len, 1, |o| engine.str_to_utf32(text, o));
                assert_eq!(str16.1, want16be.1, "{k} {len}");
                assert_eq!(str32.1, want32.1, "{k} {len}");
                assert_eq!(str16.0.is_ok(), want16be.0.is_ok(), "{k} {len}");
                assert_eq!(str32.0.is_ok(), want32.0.is_ok(), "{k} {len}");
                agree_runs!(k, &len;
                    len, 1, |o| engine.utf16_to_utf8(&utf16, o, ByteOrder::NATIVE) => &want8;
                    len, 1, |o| engine.utf32_to_utf8(&utf32, o) => &want8_32;
                );
            }
        }
    }
}

/// Conversions to UTF-8 end with one vector step over their last units and
/// zeros (SSE4.2, AVX2, NEON: the last 1 to 15 units, or the whole of a
/// shorter input), written in place or, without room for the whole step,
/// through a buffer: every length from 1 to 40 units with a special unit or
/// value at every position, into outputs of the exact length, one byte less,
/// the worst case and more than a step needs.
#[test]
fn utf8_output_of_every_tail_length_and_room() {
    let engines = engines();
    let rooms = |exact: usize, worst: usize| [exact.saturating_sub(1), exact, worst, worst + 100];
    for len in 1..=40usize {
        for filler in [0x61u16, 0x4E16, 0xE9] {
            for special in [
                &[0xD83D, 0xDE00][..],
                &[0xDBFF, 0xDFFF],
                &[0xD83D],
                &[0xDE00],
                &[0x7FF],
                &[0x800],
                &[0],
            ] {
                for at in 0..len {
                    let mut units = vec![filler; len];
                    units.splice(at..at + 1, special.iter().copied());
                    let units = &units[..len];
                    for order in ORDERS {
                        let src: Vec<u16> = units.iter().map(|&u| order.write_u16(u)).collect();
                        let exact = run(3 * len, 0u8, |o| reference::utf16_to_utf8(&src, o, order));
                        for room in rooms(exact.1.len(), 3 * len) {
                            let want = run(room, 0, |o| reference::utf16_to_utf8(&src, o, order));
                            for engine in &engines {
                                let got = run(room, 0xAA, |o| match order {
                                    ByteOrder::Little => {
                                        engine.utf16_to_utf8(&src, o, ByteOrder::Little)
                                    }
                                    ByteOrder::Big => engine.utf16_to_utf8(&src, o, ByteOrder::Big),
                                });
                                agree(engine.kernel().name(), &got, &want, &(room, units));
                            }
                        }
                    }
                }
            }
        }
        for filler in [0x61u32, 0x4E16, 0x1F600] {
            for special in [
                0x7Fu32, 0x80, 0x7FF, 0x800, 0xFFFF, 0x10000, 0x10FFFF, 0xD800, 0x110000, 0,
            ] {
                for at in 0..len {
                    let mut values = vec![filler; len];
                    values[at] = special;
                    let exact = run(4 * len, 0u8, |o| reference::utf32_to_utf8(&values, o));
                    for room in rooms(exact.1.len(), 4 * len) {
                        let want = run(room, 0, |o| reference::utf32_to_utf8(&values, o));
                        for engine in &engines {
                            let got = run(room, 0xAA, |o| engine.utf32_to_utf8(&values, o));
                            agree(engine.kernel().name(), &got, &want, &(room, &values));
                        }
                    }
                }
            }
        }
        for filler in [b'a', 0xE9] {
            for special in [0u8, 0x7F, 0x80, 0xFF] {
                for at in 0..len {
                    let mut bytes = vec![filler; len];
                    bytes[at] = special;
                    let exact = run(2 * len, 0u8, |o| reference::latin1_to_utf8(&bytes, o));
                    for room in rooms(exact.1.len(), 2 * len) {
                        let want = run(room, 0, |o| reference::latin1_to_utf8(&bytes, o));
                        for engine in &engines {
                            let got = run(room, 0xAA, |o| engine.latin1_to_utf8(&bytes, o));
                            agree(engine.kernel().name(), &got, &want, &(room, &bytes));
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn free_utf16_to_utf8_of_every_short_length_matches_the_reference() {
    // Strings of up to 20 units take three paths by length (the inlined loop,
    // the out-of-line loop, a kernel): each atom at every position of every
    // length, between ASCII and between 2-byte characters, every output room.
    let atoms: [&[u16]; 7] = [
        &[0x7FF],
        &[0x20AC],
        &[0xD83D, 0xDE00],
        &[0xD83D],
        &[0xDE00],
        &[0xDE00, 0xD83D],
        &[0xFFFF],
    ];
    for filler in [0x78u16, 0x3B1u16] {
        for len in 1..=20usize {
            for atom in atoms {
                for at in 0..=len.saturating_sub(atom.len()) {
                    let mut units = vec![filler; len];
                    units[at..(at + atom.len()).min(len)]
                        .copy_from_slice(&atom[..atom.len().min(len - at)]);
                    for order in ORDERS {
                        let input: Vec<u16> = units.iter().map(|&u| order.write_u16(u)).collect();
                        let input = &input[..];
                        for room in 0..=3 * len + 1 {
                            agree_runs!("utf16_to_utf8", &(room, input);
                                room, 1, |o| utfast::utf16::to_utf8(input, o, order)
                                    => &run(room, 0, |o| reference::utf16_to_utf8(input, o, order));
                            );
                        }
                    }
                }
            }
        }
    }
}

/// Every way to put up to three of `atoms` together, then ASCII after them up
/// to each length until `max`: the inputs of the free functions' short path and
/// just past it.
fn short_inputs<T: Copy>(atoms: &[&[T]], ascii: T, max: usize) -> Vec<Vec<T>> {
    let mut heads: Vec<Vec<T>> = vec![vec![]];
    for _ in 0..3 {
        let longer: Vec<Vec<T>> = heads
            .iter()
            .flat_map(|h| atoms.iter().map(move |a| [h.as_slice(), a].concat()))
            .collect();
        heads.extend(longer);
    }
    heads.sort_by_key(Vec::len);
    heads.dedup_by(|a, b| a.len() == b.len() && a.len() > 9); // keep the set small
    let mut inputs = Vec::new();
    for head in heads {
        for len in head.len()..=max.max(head.len()) {
            let mut input = head.clone();
            input.resize(len, ascii);
            inputs.push(input);
        }
    }
    inputs
}

#[test]
fn free_functions_on_short_inputs_match_the_reference() {
    // The free functions take an inlined path below a few dozen bytes: it must
    // give the reference's answer on valid and invalid input and every output
    // length.
    let utf8_atoms: [&[u8]; 9] = [
        b"a",
        "é".as_bytes(),
        "€".as_bytes(),
        "😀".as_bytes(),
        b"\x80",
        b"\xC3",
        b"\xED\xA0\x80",
        b"\xF4\x90\x80\x80",
        b"\xE2\x82",
    ];
    for input in short_inputs(&utf8_atoms, b'x', 18) {
        for len in 0..=input.len() + 1 {
            let input = &input[..];
            agree_runs!("utf8_to_utf16le", &input;
                len, 1, |o| utfast::utf8::to_utf16(input, o, ByteOrder::Little)
                    => &run(len, 0, |o| reference::utf8_to_utf16(input, o, ByteOrder::Little));
                len, 1, |o| utfast::utf8::to_utf16(input, o, ByteOrder::Big)
                    => &run(len, 0, |o| reference::utf8_to_utf16(input, o, ByteOrder::Big));
                len, 1, |o| utfast::utf8::to_utf16(input, o, ByteOrder::NATIVE)
                    => &run(len, 0, |o| reference::utf8_to_utf16(input, o, ByteOrder::NATIVE));
                len, 1, |o| utfast::utf8::to_utf32(input, o)
                    => &run(len, 0, |o| reference::utf8_to_utf32(input, o));
            );
        }
    }
    let utf16_atoms: [&[u16]; 10] = [
        &[0x61],
        &[0xE9],
        &[0x7FF],
        &[0x800],
        &[0x20AC],
        &[0xD83D, 0xDE00],
        &[0xDBFF, 0xDFFF],
        &[0xD83D],
        &[0xDE00],
        &[0xFFFF],
    ];
    let utf32_atoms: [&[u32]; 8] = [
        &[0x61],
        &[0xE9],
        &[0x800],
        &[0x1F600],
        &[0x10FFFF],
        &[0xD800],
        &[0x110000],
        &[0],
    ];
    for input in short_inputs(&utf32_atoms, 0x78, 10) {
        let input = &input[..];
        for len in 0..=4 * input.len() + 1 {
            agree_runs!("utf32_to_utf8", &input;
                len, 1, |o| utfast::utf32::to_utf8(input, o)
                    => &run(len, 0, |o| reference::utf32_to_utf8(input, o));
            );
        }
    }
    let latin1_atoms: [&[u8]; 4] = [b"a", b"\xE9", b"\x80\xFF", b"\0"];
    for input in short_inputs(&latin1_atoms, b'x', 10) {
        let input = &input[..];
        for len in 0..=2 * input.len() + 1 {
            agree_runs!("latin1_to_utf8", &input;
                len, 1, |o| utfast::latin1::to_utf8(input, o)
                    => &run(len, 0, |o| reference::latin1_to_utf8(input, o));
            );
        }
    }
    for input in short_inputs(&utf16_atoms, 0x78, 10) {
        for order in ORDERS {
            let input: Vec<u16> = input.iter().map(|&u| order.write_u16(u)).collect();
            let input = &input[..];
            for len in 0..=3 * input.len() + 1 {
                agree_runs!("utf16_to_utf8", &input;
                    len, 1, |o| utfast::utf16::to_utf8(input, o, order)
                        => &run(len, 0, |o| reference::utf16_to_utf8(input, o, order));
                );
            }
        }
    }
}

#[test]
fn free_utf16_to_utf8_of_ascii_chunks_matches_the_reference() {
    // ASCII UTF-16 of 1 to 8 units takes two overlapping words in the free
    // function, of 9 to 64 units chunks of eight; one other unit anywhere must
    // send it on, and every output length must give the reference's answer.
    // (U+0100 and U+4100: an ASCII low or high byte, the other one set.)
    let others: [&[u16]; 7] = [
        &[0xE9],
        &[0x80],
        &[0x100],
        &[0x4100],
        &[0x20AC],
        &[0xD83D, 0xDE00],
        &[0xDC00],
    ];
    for n in 1..=70usize {
        let ascii: Vec<u16> = (0..n).map(|i| 0x20 + (i * 7 % 95) as u16).collect();
        let mut inputs = vec![ascii.clone()];
        for other in others {
            for at in [0, 1, n / 3, n / 2, n.saturating_sub(2), n.saturating_sub(1)] {
                let mut input = ascii.clone();
                input.splice(at..(at + other.len()).min(n), other.iter().copied());
                inputs.push(input);
            }
        }
        for input in inputs {
            for order in ORDERS {
                let input: Vec<u16> = input.iter().map(|&u| order.write_u16(u)).collect();
                let input = &input[..];
                for len in [0, n.saturating_sub(1), n, n + 1, 3 * n] {
                    agree_runs!("utf16_to_utf8", &input;
                        len, 1, |o| utfast::utf16::to_utf8(input, o, order)
                            => &run(len, 0, |o| reference::utf16_to_utf8(input, o, order));
                    );
                }
            }
        }
    }
}

#[test]
fn owned_conversions_match_std() {
    let text = "Grüße, 世界! 🎉 and ASCII";
    let utf16: Vec<u16> = text.encode_utf16().collect();
    assert_eq!(
        utfast::utf8::to_utf16_vec(text.as_bytes(), ByteOrder::NATIVE).unwrap(),
        utf16
    );
    assert_eq!(
        utfast::utf8::str_to_utf16_vec(text, ByteOrder::NATIVE),
        utf16
    );
    assert_eq!(
        utfast::utf16::to_string(&utf16, ByteOrder::NATIVE).unwrap(),
        text
    );
    let utf32: Vec<u32> = text.chars().map(u32::from).collect();
    assert_eq!(utfast::utf8::str_to_utf32_vec(text), utf32);
    assert_eq!(utfast::utf8::to_utf32_vec(text.as_bytes()).unwrap(), utf32);
    assert_eq!(utfast::utf32::to_string(&utf32).unwrap(), text);
    let le: Vec<u16> = utf16.iter().map(|u| u.to_le()).collect();
    assert_eq!(
        utfast::utf16::to_string(&le, ByteOrder::Little).unwrap(),
        text
    );
    let be: Vec<u16> = utf16.iter().map(|u| u.to_be()).collect();
    assert_eq!(utfast::utf16::to_string(&be, ByteOrder::Big).unwrap(), text);
    assert_eq!(utfast::latin1::to_string(b"\xC0 la carte"), "À la carte");
    // Invalid input reports its first error, not a lack of room.
    let err = utfast::utf8::to_utf16_vec(b"abc\xF0\x9F\x98", ByteOrder::NATIVE).unwrap_err();
    assert_eq!(
        (err.valid_up_to(), err.kind()),
        (3, Utf8ErrorKind::TruncatedAtEnd)
    );
    let err = utfast::utf16::to_string(&[0x61, 0xDC00, 0x62], ByteOrder::NATIVE).unwrap_err();
    assert_eq!(err.kind(), Utf16ErrorKind::UnpairedLowSurrogate);
}

// ---------------------------------------------------------------------------
// Random text with random corruption.

/// Text from a mix of 1- to 4-byte characters.
fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        4 => proptest::char::range('\u{0}', '\u{7F}'),
        2 => proptest::char::range('\u{80}', '\u{7FF}'),
        2 => proptest::char::range('\u{800}', '\u{FFFF}'),
        1 => proptest::char::range('\u{10000}', '\u{10FFFF}'),
    ];
    proptest::collection::vec(ch, 0..300).prop_map(|v| v.into_iter().collect())
}

/// Checks `units`, then, unless they are empty, checks them again after
/// `corrupt(units, i)` at the index `at` picks.
fn check_corrupted<T>(
    mut units: Vec<T>,
    at: usize,
    check: impl Fn(&[T]),
    corrupt: impl FnOnce(&mut Vec<T>, usize),
) {
    check(&units);
    if !units.is_empty() {
        let i = at % units.len();
        corrupt(&mut units, i);
        check(&units);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(1000)))]

    #[test]
    fn random_utf8_with_corruption(s in text(), at in any::<usize>(), byte in any::<u8>(), cut in any::<bool>()) {
        let engines = engines();
        let check = |bytes: &[u8]| check_utf8(bytes, &engines);
        check_corrupted(s.into_bytes(), at, check, |bytes, i| {
            if cut {
                bytes.truncate(i);
            } else {
                bytes[i] = byte;
            }
        });
    }

    #[test]
    fn random_utf16_with_corruption(s in text(), at in any::<usize>(), unit in 0xD800u16..0xE000) {
        let engines = engines();
        let check = |units: &[u16]| check_utf16(units, &engines);
        check_corrupted(s.encode_utf16().collect(), at, check, |units, i| units[i] = unit);
    }

    #[test]
    fn random_utf32_and_latin1(s in text(), at in any::<usize>(), value in any::<u32>()) {
        let engines = engines();
        let values: Vec<u32> = s.chars().map(u32::from).collect();
        let latin1: Vec<u8> = values.iter().map(|&v| v as u8).collect();
        check_latin1(&latin1, &engines);
        let check = |values: &[u32]| check_utf32(values, &engines);
        check_corrupted(values, at, check, |values, i| values[i] = value);
    }
}

// ---------------------------------------------------------------------------
// The corpus.

#[test]
fn corpus_round_trips() {
    let Some(files) = corpus_or_skip(".utf8.txt") else {
        return;
    };
    let engines = engines();
    for path in files {
        let utf8 = std::fs::read(&path).unwrap();
        let text = std::str::from_utf8(&utf8).unwrap();
        let utf16_path = path.to_string_lossy().replace(".utf8.txt", ".utf16.txt");
        let stored = std::fs::read(&utf16_path).unwrap();
        // UTF-16LE with a byte-order mark.
        assert_eq!(&stored[..2], &[0xFF, 0xFE], "{utf16_path}");
        let file_units: Vec<u16> = stored[2..]
            .chunks_exact(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect();
        assert_eq!(
            file_units,
            text.encode_utf16().collect::<Vec<_>>(),
            "{utf16_path}"
        );
        let le_units: Vec<u16> = file_units.iter().map(|u| u.to_le()).collect();
        for engine in &engines {
            let k = engine.kernel().name();
            let mut u16s = vec![0u16; utf8.len()];
            let n = engine
                .utf8_to_utf16(&utf8, &mut u16s, ByteOrder::Little)
                .unwrap();
            assert_eq!(&u16s[..n], &le_units[..], "{k} {path:?}");
            let mut back = vec![0u8; 3 * n];
            let m = engine
                .utf16_to_utf8(&u16s[..n], &mut back, ByteOrder::Little)
                .unwrap();
            assert_eq!(&back[..m], &utf8[..], "{k} {path:?}");
            let mut u32s = vec![0u32; utf8.len()];
            let c = engine.utf8_to_utf32(&utf8, &mut u32s).unwrap();
            assert_eq!(c, engine.count_chars(&utf8));
            let mut back = vec![0u8; 4 * c];
            let m = engine.utf32_to_utf8(&u32s[..c], &mut back).unwrap();
            assert_eq!(&back[..m], &utf8[..], "{k} {path:?}");
            assert_eq!(
                engine.utf8_len_from_utf16(&le_units, ByteOrder::Little),
                utf8.len()
            );
            assert_eq!(engine.utf16_len_from_utf8(&utf8), n);
        }
    }
    for path in corpus_files(".latin1.txt") {
        let latin1 = std::fs::read(&path).unwrap();
        for engine in &engines {
            let mut utf8 = vec![0u8; 2 * latin1.len()];
            let n = engine.latin1_to_utf8(&latin1, &mut utf8).unwrap();
            let expected: String = latin1.iter().map(|&b| b as char).collect();
            assert_eq!(&utf8[..n], expected.as_bytes());
            let mut back = vec![0u8; n];
            let m = engine.utf8_to_latin1(&utf8[..n], &mut back).unwrap();
            assert_eq!(&back[..m], &latin1[..], "{path:?}");
        }
    }
}

/// The counters add up in byte-wide lanes flushed every few thousand units: long
/// inputs of the heaviest units check that no count overflows.
#[test]
fn lengths_of_long_inputs_of_the_heaviest_units() {
    let n = 40_000 + 17;
    let utf8 = [0xF0u8, 0x9F, 0x98, 0x80].repeat(n / 4);
    let latin1 = vec![0xE9u8; n];
    let utf16 = vec![0x20ACu16; n];
    let pairs = [0xD83Du16, 0xDE00].repeat(n / 2);
    let utf32 = vec![0x1F600u32; n];
    for engine in engines() {
        let k = engine.kernel().name();
        assert_eq!(
            engine.count_chars(&utf8),
            reference::count_chars(&utf8),
            "{k}"
        );
        assert_eq!(engine.utf16_len_from_utf8(&utf8), n / 4 * 2, "{k}");
        assert_eq!(engine.utf8_len_from_latin1(&latin1), 2 * n, "{k}");
        assert_eq!(
            engine.utf8_len_from_utf16(&utf16, ByteOrder::NATIVE),
            3 * n,
            "{k}"
        );
        assert_eq!(
            engine.utf8_len_from_utf16(&pairs, ByteOrder::NATIVE),
            n / 2 * 4,
            "{k}"
        );
        assert_eq!(
            engine.utf32_len_from_utf16(&pairs, ByteOrder::NATIVE),
            n / 2,
            "{k}"
        );
        assert_eq!(engine.utf8_len_from_utf32(&utf32), 4 * n, "{k}");
        assert_eq!(engine.utf16_len_from_utf32(&utf32), 2 * n, "{k}");
    }
}

/// Runs of 3-byte characters (a block of them takes a shortcut, and on 128-bit
/// kernels a validity test of its own) broken by one other character, or by one
/// corrupt byte, at every position; the second run has the leads with extra
/// rules, 0xE0 (no overlong form) and 0xED (no surrogate), next to their
/// limits, which a changed byte crosses.
#[test]
fn three_byte_runs_broken_anywhere() {
    let engines = engines();
    let runs = [
        "日本語".repeat(16),
        "\u{800}\u{D7FF}\u{E000}\u{FFFF}".repeat(12),
    ]; // 144 bytes each
    for run in &runs {
        let chars: Vec<char> = run.chars().collect();
        for other in ['a', 'é', '😀'] {
            for at in 0..=chars.len() {
                let mut s: String = chars[..at].iter().collect();
                s.push(other);
                s.extend(&chars[at..]);
                check_utf8(s.as_bytes(), &engines);
            }
        }
        for at in 0..run.len() {
            for bad in [
                0x41, 0x80, 0x9F, 0xA0, 0xBF, 0xC3, 0xDF, 0xE0, 0xE6, 0xED, 0xF0, 0xFF,
            ] {
                let mut bytes = run.clone().into_bytes();
                bytes[at] = bad;
                check_utf8(&bytes, &engines);
            }
        }
    }
}

/// UTF-16 ⇄ UTF-32 into outputs that start anywhere in a 64-byte line (the
/// vector kernels convert the units before the output's first 64-byte boundary
/// one by one): a pair, a lone surrogate or a value outside Unicode just before,
/// across and after that boundary, and outputs one unit short; every engine
/// against the reference.
#[test]
fn utf16_utf32_into_outputs_at_every_alignment() {
    let engines = engines();
    let len = 100;
    let mut inputs16: Vec<Vec<u16>> = Vec::new();
    let mut inputs32: Vec<Vec<u32>> = Vec::new();
    for at in 0..34 {
        for special in [
            &[0xD83Du16, 0xDE00][..],
            &[0xD83D],
            &[0xDE00],
            &[0xD83D, 0x61],
        ] {
            let mut units = vec![0x20ACu16; len];
            units.splice(at..at + 1, special.iter().copied());
            inputs16.push(units);
        }
        for special in [0x1F600u32, 0xD800, 0x110000] {
            let mut values = vec![0x20ACu32; len];
            values[at] = special;
            inputs32.push(values);
        }
    }
    let mut buffer32 = vec![0u32; 2 * len + 64];
    let mut buffer16 = vec![0u16; 4 * len + 64];
    for order in ORDERS {
        for units in &inputs16 {
            let src: Vec<u16> = units.iter().map(|&u| order.write_u16(u)).collect();
            for room in [units.len(), units.len() - 3] {
                let want = run(room, 0u32, |o| reference::utf16_to_utf32(&src, o, order));
                for e in &engines {
                    for offset in 0..16 {
                        let out = &mut buffer32[offset..offset + room];
                        out.fill(0);
                        let result = e.utf16_to_utf32(&src, out, order);
                        let n = result.as_ref().map_or_else(|e| e.written(), |&n| n);
                        let got = (result, out[..n].to_vec());
                        agree(&format!("{} at +{offset}", e.kernel()), &got, &want, units);
                    }
                }
            }
        }
        for values in &inputs32 {
            for room in [2 * values.len(), values.len() - 3] {
                let want = run(room, 0u16, |o| reference::utf32_to_utf16(values, o, order));
                for e in &engines {
                    for offset in 0..32 {
                        let out = &mut buffer16[offset..offset + room];
                        out.fill(0);
                        let result = e.utf32_to_utf16(values, out, order);
                        let n = result.as_ref().map_or_else(|e| e.written(), |&n| n);
                        let got = (result, out[..n].to_vec());
                        agree(&format!("{} at +{offset}", e.kernel()), &got, &want, values);
                    }
                }
            }
        }
    }
}

/// Checks `src` (native order) on every kernel against the scalar kernel, and
/// the scalar kernel against std's decoder (whether there is an error);
/// `case` names the input in a failure.
fn utf16_check_agrees(scalar: &Engine, src: &[u16], case: &str) {
    let want = scalar.check_utf16(src, ByteOrder::NATIVE);
    let std_error = char::decode_utf16(src.iter().copied()).position(|c| c.is_err());
    assert_eq!(want.is_err(), std_error.is_some(), "{case}");
    for engine in engines() {
        let got = engine.check_utf16(src, ByteOrder::NATIVE);
        assert_eq!(got, want, "{} {case}", engine.kernel().name());
        assert_eq!(engine.validate_utf16(src, ByteOrder::NATIVE), want.is_ok());
    }
}

/// UTF-16 validation of text that is all surrogate pairs (emoji), where the
/// vector steps skip their test for any surrogate after a step that held one:
/// a lone high or low surrogate, or two highs, at every place of several steps
/// deep into such text, from several start offsets, on every kernel.
#[test]
fn utf16_validation_inside_surrogate_text() {
    let scalar = Engine::new(utfast::Kernel::Scalar).unwrap();
    let base: Vec<u16> = "😀🎉👍".encode_utf16().cycle().take(900).collect();
    let specials: [&[u16]; 4] = [&[0x41], &[0xD83D, 0x41], &[0x41, 0xDE00], &[0xD83D, 0xD83D]];
    for special in specials {
        for at in 300..430 {
            let mut buf = base.clone();
            buf[at..at + special.len()].copy_from_slice(special);
            for start in [0, 1, 7, 8, 17] {
                let case = format!("{special:X?} at {at}, from {start}");
                utf16_check_agrees(&scalar, &buf[start..], &case);
            }
        }
    }
}

/// UTF-16 validation of slices that start at every unit offset (so that the
/// vector steps, which load aligned vectors, start after heads of every
/// length), with a pair, a lone high or a lone low surrogate at every place
/// around the head's end: every kernel gives the scalar kernel's answer, and
/// the error where std's decoder finds one.
#[test]
fn utf16_validation_at_every_start_offset() {
    let scalar = Engine::new(utfast::Kernel::Scalar).unwrap();
    let base: Vec<u16> = "abc ёжик 日本 ".encode_utf16().cycle().take(400).collect();
    let specials: [&[u16]; 4] = [&[0xD83D, 0xDE00], &[0xD83D], &[0xDE00], &[0xD83D, 0xD83D]];
    for special in specials {
        for at in 0..40 {
            let mut buf = base.clone();
            buf[at..at + special.len()].copy_from_slice(special);
            for start in 0..34.min(at + 1) {
                for len in [300, 331, 366 - start] {
                    let case = format!("{special:X?} at {at}, from {start}, {len}");
                    utf16_check_agrees(&scalar, &buf[start..start + len], &case);
                }
            }
        }
    }
}

/// UTF-16 to UTF-8 into every output length from none to enough, by every
/// kernel: the bytes after the output slice stay as they were, and the result
/// is the reference's. The input puts 3-byte characters before surrogate
/// pairs at every offset, so that a pair starts at the last lane of a
/// 16-lane half of a vector step (that half then writes 49 bytes: the AVX-512
/// step once wrote one byte past an output of exactly its room).
#[test]
fn utf16_to_utf8_stays_within_its_output() {
    let order = ByteOrder::Little;
    for lead in 0..48 {
        for end in [&[0x20AC, 0xDC34][..], &[0x20AC][..]] {
            let mut units = vec![0x4E00u16; lead];
            for _ in 0..8 {
                units.extend([0x20AC, 0xD834, 0xDD1E, 0x61, 0xE9]);
            }
            units.extend(end);
            let mut room = vec![0u8; 3 * units.len()];
            let want = reference::utf16_to_utf8(&units, &mut room, order);
            let need = match want {
                Ok(n) => n,
                Err(e) => e.written(),
            };
            for e in engines() {
                for len in need.saturating_sub(80)..=need + 1 {
                    let mut buf = vec![0xAAu8; len + 128];
                    let got = e.utf16_to_utf8(&units, &mut buf[..len], order);
                    let what = format!("{}: lead {lead}, output {len}", e.kernel().name());
                    assert!(
                        buf[len..].iter().all(|&b| b == 0xAA),
                        "{what}: wrote past the output"
                    );
                    let mut exact = vec![0u8; len];
                    assert_eq!(
                        got,
                        reference::utf16_to_utf8(&units, &mut exact, order),
                        "{what}"
                    );
                }
            }
        }
    }
}

/// UTF-16 and Latin-1 to UTF-8 of ASCII runs of every length between
/// non-ASCII units (two- and three-byte), and of three-byte runs between
/// ASCII letters, into every output length near the end, by every kernel: an
/// ASCII run stops at the bounds of the step that follows it (SSE4.2, NEON:
/// one run test a vector, with its limit taken from the step's bounds), and
/// steps of three-byte characters in a row at the step's bounds, so that
/// neither writes past the output nor stops anywhere but where the reference
/// does.
#[test]
fn ascii_runs_to_utf8_meet_the_output_end() {
    // Every output length from 100 bytes short of `need` to one more, by
    // every kernel's `convert` against `reference`.
    fn near_the_end<E: PartialEq + Debug>(
        what: &str,
        need: usize,
        convert: impl Fn(&Engine, &mut [u8]) -> Result<usize, E>,
        reference: impl Fn(&mut [u8]) -> Result<usize, E>,
    ) {
        for e in engines() {
            for out in need.saturating_sub(100)..=need + 1 {
                let mut buf = vec![0xAAu8; out + 128];
                let got = convert(&e, &mut buf[..out]);
                let what = format!("{}: {what}, output {out}", e.kernel().name());
                assert!(
                    buf[out..].iter().all(|&b| b == 0xAA),
                    "{what}: wrote past the output"
                );
                let mut exact = vec![0u8; out];
                let want = reference(&mut exact);
                if let Ok(n) = want {
                    assert_eq!(buf[..n.min(out)], exact[..n.min(out)], "{what}");
                }
                assert_eq!(got, want, "{what}");
            }
        }
    }
    let order = ByteOrder::Little;
    for gap in [1usize, 15, 16, 17, 40, 63, 64, 65, 130] {
        for len in (16..=300usize).step_by(13) {
            let bytes: Vec<u8> = (0..len)
                .map(|k| {
                    if k % (gap + 1) == gap {
                        0xE9
                    } else {
                        b'a' + (k % 26) as u8
                    }
                })
                .collect();
            near_the_end(
                &format!("Latin-1, gap {gap}, {len} bytes"),
                reference::utf8_len_from_latin1(&bytes),
                |e, o| e.latin1_to_utf8(&bytes, o),
                |o| reference::latin1_to_utf8(&bytes, o),
            );
        }
        for (i, len) in (16..=300usize).step_by(13).enumerate() {
            // ASCII runs between an accented letter or an ideograph, and
            // (every third length) ideographs between ASCII letters: steps
            // of three-byte characters in a row, then a run.
            let (special, filler) = match i % 3 {
                0 => (0xE9, 0x61),
                1 => (0x4E16, 0x61),
                _ => (0x61, 0x4E00),
            };
            let units: Vec<u16> = (0..len)
                .map(|k| {
                    if k % (gap + 1) == gap {
                        special
                    } else {
                        filler + (k % 26) as u16
                    }
                })
                .collect();
            let mut room = vec![0u8; 3 * len];
            near_the_end(
                &format!("UTF-16, gap {gap}, {len} units"),
                reference::utf16_to_utf8(&units, &mut room, order).unwrap(),
                |e, o| e.utf16_to_utf8(&units, o, order),
                |o| reference::utf16_to_utf8(&units, o, order),
            );
        }
    }
}

/// UTF-32 validation of an input long enough to ask for its cache lines ahead
/// (1 MiB and more): valid, and with a surrogate or a value above U+10FFFF at
/// the first value, inside and at the edges of a 64-value chunk, in the middle
/// and in the last values (fewer than a chunk): the reference's answer, every
/// kernel.
#[test]
fn utf32_validation_of_inputs_beyond_the_caches() {
    let engines = engines();
    let text = "Mars, la planète rouge 火星 😀 ";
    let mut values: Vec<u32> = text.chars().cycle().take(300_007).map(u32::from).collect();
    let n = values.len();
    let check = |values: &[u32]| {
        let want = reference::check_utf32(values);
        assert_eq!(utfast::utf32::check(values), want);
        for engine in &engines {
            assert_eq!(
                engine.check_utf32(values),
                want,
                "{}",
                engine.kernel().name()
            );
        }
    };
    check(&values);
    for at in [0, 63, 64, 127, 150_001, n - 71, n - 64, n - 7, n - 1] {
        for bad in [0xD800, 0xDFFF, 0x11_0000] {
            let kept = std::mem::replace(&mut values[at], bad);
            check(&values);
            values[at] = kept;
        }
    }
}
