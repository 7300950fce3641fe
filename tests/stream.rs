//! Streaming on every kernel this CPU supports: the `Transcoder` fed random
//! chunks (empty and 1-byte ones included) into random output sizes gives, for
//! every pair of encodings and every error mode, exactly the output and the
//! errors of the whole input in one call; the one-call results against
//! independent models (std's `from_utf8`, `from_utf8_lossy` and encoders, the
//! `cesu8` crate, encoding_rs's Windows-1252, the one-shot `*_with` functions);
//! `Utf8Validator` against `std::str::from_utf8` on random chunks and on every
//! split of every 4-byte sequence of edge bytes; byte order marks; the io
//! adapters with small buffers; `transcode_copy` against the one call, for
//! every pair and mode, read a few bytes at a time.

mod common;
#[path = "model/stream.rs"]
mod feeding;

use std::io::{Read, Write};

use common::{cases, encode, engines, EDGE_BYTES};
use feeding::{feed, one_shot, Outcome};
use proptest::prelude::*;
use utfast::{
    stream::BomHandling, stream::Status, stream::TranscodeError, stream::TranscodeErrorKind,
    stream::TranscodeReader, stream::TranscodeWriter, stream::Transcoder, stream::Utf8Validator,
    ByteOrder, Encoding, Engine, ErrorMode, Utf8ErrorKind,
};

/// Text with every kind of character: ASCII, Latin-1 and Windows-1252 letters,
/// BMP (U+0000, U+FEFF, U+FFFD among them), supplementary.
fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        4 => proptest::char::range('\u{20}', '\u{7E}'),
        2 => proptest::char::range('\u{A0}', '\u{FF}'),
        1 => prop::sample::select(vec!['\0', '\u{FEFF}', '\u{FFFD}', '€', '“', 'Ÿ', '\u{81}', '\u{7FF}', '\u{800}', '\u{FFFF}']),
        2 => proptest::char::range('\u{100}', '\u{FFFF}'),
        2 => proptest::char::range('\u{10000}', '\u{10FFFF}'),
    ];
    prop::collection::vec(ch, 0..40).prop_map(|chars| chars.into_iter().collect())
}

/// Bytes: text in some encoding, maybe corrupted (bytes changed, inserted,
/// cut off), or random bytes.
fn encoded() -> impl Strategy<Value = Vec<u8>> {
    (text(), prop::sample::select(Encoding::ALL.to_vec()))
        .prop_map(|(t, e)| encode(&t, e).unwrap_or_else(|| t.into_bytes()))
}

fn input() -> impl Strategy<Value = Vec<u8>> {
    let corrupted = (
        encoded(),
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        any::<prop::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(mut bytes, edits, cut, truncate)| {
            for (at, byte) in edits {
                if !bytes.is_empty() {
                    let i = at.index(bytes.len());
                    bytes[i] = byte;
                }
            }
            if truncate && !bytes.is_empty() {
                bytes.truncate(cut.index(bytes.len()));
            }
            bytes
        });
    // Pieces of every kind of every input encoding: ASCII, lead and continuation
    // bytes, surrogates as three bytes, zero bytes and surrogate units of UTF-16.
    let piece = prop_oneof![
        3 => prop::collection::vec(0u8..0x80, 1..4),
        2 => any::<char>().prop_map(|c| c.to_string().into_bytes()),
        1 => Just(b"\xED\xA0\x80".to_vec()),
        1 => Just(b"\xED\xB0\x80".to_vec()),
        1 => Just(b"\xC0\x80".to_vec()),
        1 => Just(vec![0, 0xD8]),
        1 => Just(vec![0, 0xDC]),
        1 => (0x80u8..=0xFF).prop_map(|b| vec![b]),
        1 => Just(vec![0]),
    ];
    let messy = prop::collection::vec(piece, 0..30).prop_map(|v| v.concat());
    prop_oneof![
        2 => encoded(),
        3 => corrupted,
        2 => messy,
        1 => prop::collection::vec(any::<u8>(), 0..64),
        1 => prop::collection::vec(prop::sample::select(vec![0x00, 0x41, 0x80, 0xA0, 0xBF, 0xC0, 0xC3, 0xD8, 0xDC, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xFE, 0xFF]), 0..48),
    ]
}

/// Chunk boundaries (repeats give empty chunks) and output sizes.
fn cuts_and_sizes() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    (
        prop::collection::vec(0usize..80, 0..12).prop_map(|mut c| {
            c.sort_unstable();
            c
        }),
        prop::collection::vec(prop_oneof![1usize..16, 16usize..300], 1..6),
    )
}

/// Every pair, every mode, every kernel: chunked equals one call.
fn check_any_cut(input: &[u8], cuts: &[usize], sizes: &[usize], engines: &[Engine]) {
    for from in Encoding::ALL {
        for to in Encoding::ALL {
            for &mode in ErrorMode::ALL {
                let reference = one_shot(Transcoder::new(from, to, mode), input);
                check_max_output_len(Transcoder::new(from, to, mode), input, cuts);
                for &engine in engines {
                    let t = || Transcoder::with_engine(engine, from, to, mode);
                    let k = engine.kernel();
                    assert_eq!(
                        one_shot(t(), input),
                        reference,
                        "{k}: {from} -> {to} {mode}, one call: {input:02x?}"
                    );
                    assert_eq!(
                        feed(t(), input, cuts, sizes),
                        reference,
                        "{k}: {from} -> {to} {mode}, cuts {cuts:?}, sizes {sizes:?}: {input:02x?}"
                    );
                }
            }
        }
    }
}

/// A `dst` of `max_output_len(n)` takes all of an `n`-byte `src` in one call
/// (up to an error), with input held back from the call before.
fn check_max_output_len(mut t: Transcoder, input: &[u8], cuts: &[usize]) {
    let mut start = 0;
    for (i, &end) in cuts.iter().chain([input.len()].iter()).enumerate() {
        let end = end.clamp(start, input.len());
        let mut chunk = &input[start..end];
        let last = i == cuts.len();
        loop {
            let mut dst = vec![0u8; t.max_output_len(chunk.len())];
            let p = t.transcode(chunk, &mut dst, last);
            chunk = &chunk[p.read..];
            match p.status {
                Status::Error(_) => continue,
                status => {
                    assert_eq!(status, Status::InputEmpty, "{} -> {}", t.from(), t.to());
                    assert!(chunk.is_empty());
                    break;
                }
            }
        }
        start = end;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn any_cut_any_output_size_gives_the_one_call_result(
        input in input(),
        (cuts, sizes) in cuts_and_sizes(),
    ) {
        check_any_cut(&input, &cuts, &sizes, &engines());
    }

    #[test]
    fn one_call_matches_the_models(input in input(), text in text()) {
        check_models(&input, &text);
    }

    #[test]
    fn validator_matches_std_on_any_cut(input in input(), (cuts, _) in cuts_and_sizes()) {
        check_validator(&input, &cuts);
    }

    #[test]
    fn transcode_copy_gives_the_one_call_result(
        input in input(),
        from in prop::sample::select(Encoding::ALL.to_vec()),
        to in prop::sample::select(Encoding::ALL.to_vec()),
        mode in prop::sample::select(ErrorMode::ALL.to_vec()),
        step in 1..40usize,
    ) {
        check_copy(&input, (from, to, mode), step);
    }
}

/// `stream::transcode_copy` of `input`, read `step` bytes at a time, on every
/// kernel: without an error, the one-call output and the input's length;
/// with one, the one call's first error, the one-call output of the input
/// before it, and for UTF-8 input its line and column.
fn check_copy(input: &[u8], (from, to, mode): (Encoding, Encoding, ErrorMode), step: usize) {
    for engine in engines() {
        let t = || Transcoder::with_engine(engine, from, to, mode);
        let expected = one_shot(t(), input);
        let mut out = Vec::new();
        let reader = Trickle { data: input, step };
        let result = utfast::stream::transcode_copy(reader, &mut out, t(), true).unwrap();
        let case = format!("{from} -> {to} {mode} on {}: {input:x?}", engine.kernel());
        let Some(&first) = expected.errors.first() else {
            assert_eq!(result, Ok(input.len() as u64), "{case}");
            assert_eq!(out, expected.output, "{case}");
            continue;
        };
        let error = result.expect_err(&case);
        assert_eq!(error.error(), first, "{case}");
        let before = &input[..first.offset() as usize];
        assert_eq!(one_shot(t(), before).output, out, "{case}");
        assert_eq!(error.wrote_output(), !out.is_empty(), "{case}");
        let position =
            (from == Encoding::Utf8).then(|| utfast::utf8::line_column(input, before.len()));
        assert_eq!(error.position(), position, "{case}");
    }
}

/// The one-call results against std, the `cesu8` crate, encoding_rs and the
/// one-shot functions.
fn check_models(input: &[u8], text: &str) {
    let run = |from, to, mode, bytes: &[u8]| one_shot(Transcoder::new(from, to, mode), bytes);
    // Valid text converts to its encoding in every target that holds it.
    for from in Encoding::ALL {
        let Some(bytes) = encode(text, from) else {
            continue;
        };
        for to in Encoding::ALL {
            let Some(expected) = encode(text, to) else {
                continue;
            };
            for &mode in ErrorMode::ALL {
                let got = run(from, to, mode, &bytes);
                assert_eq!(got.errors, [], "{from} -> {to} {mode}: {text:?}");
                assert_eq!(got.output, expected, "{from} -> {to} {mode}: {text:?}");
            }
        }
    }
    // Strict UTF-8: the first error is std's, then each error of the rest.
    let got = run(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict, input);
    let mut at = 0;
    for error in &got.errors {
        let std_error = std::str::from_utf8(&input[at..]).unwrap_err();
        assert_eq!(error.offset(), (at + std_error.valid_up_to()) as u64);
        assert_eq!(error.error_len(), std_error.error_len());
        at = error.offset() as usize + error.error_len().unwrap_or(input.len());
        at = at.min(input.len());
    }
    assert!(std::str::from_utf8(&input[at..]).is_ok());
    // Replace: from_utf8_lossy, in UTF-8 and UTF-16.
    let lossy = String::from_utf8_lossy(input);
    let got = run(Encoding::Utf8, Encoding::Utf8, ErrorMode::Replace, input);
    assert_eq!(got.output, lossy.as_bytes());
    let got = run(Encoding::Utf8, Encoding::Utf16Be, ErrorMode::Replace, input);
    assert_eq!(Some(got.output), encode(&lossy, Encoding::Utf16Be));
    // Every mode: the one-shot *_with functions.
    // (Those are checked against models built on std in tests/lossy.rs.)
    let pairs: Vec<u16> = input
        .chunks_exact(2)
        .map(|p| u16::from_le_bytes([p[0], p[1]]))
        .collect();
    for &mode in ErrorMode::ALL {
        if let Ok(units) = utfast::utf8::to_utf16_vec_with(input, ByteOrder::Little, mode) {
            let got = run(Encoding::Utf8, Encoding::Utf16Le, mode, input);
            let bytes: Vec<u8> = units.iter().flat_map(|u| u.to_ne_bytes()).collect();
            assert_eq!(got.output, bytes, "{mode}");
        }
        // UTF-16LE input of whole units (its unpaired surrogates under the mode).
        let whole = &input[..2 * pairs.len()];
        let one_shot = utfast::utf16::to_utf8_vec_with(&pairs, ByteOrder::NATIVE, mode);
        if let Ok(bytes) = one_shot {
            let got = run(Encoding::Utf16Le, Encoding::Utf8, mode, whole);
            assert_eq!(got.output, bytes, "UTF-16LE {mode}");
        }
    }
    // UTF-16 under Replace decodes as encoding_rs (WHATWG's decoder) does: one
    // U+FFFD per unpaired surrogate, one for an odd byte at the end, and one
    // for a high surrogate together with such a byte.
    for (from, rs) in [
        (Encoding::Utf16Le, encoding_rs::UTF_16LE),
        (Encoding::Utf16Be, encoding_rs::UTF_16BE),
    ] {
        let got = run(from, Encoding::Utf8, ErrorMode::Replace, input);
        let (decoded, _) = rs.decode_without_bom_handling(input);
        assert_eq!(got.output, decoded.as_bytes(), "{from}");
    }
    // Windows-1252 decodes as encoding_rs does.
    let got = run(
        Encoding::Windows1252,
        Encoding::Utf8,
        ErrorMode::Strict,
        input,
    );
    let (decoded, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(input);
    assert_eq!(got.output, decoded.as_bytes());
}

/// `Utf8Validator` on `input` cut at `cuts` against std on the whole.
fn check_validator(input: &[u8], cuts: &[usize]) {
    // Every kernel by its engine (the general path), and the active kernel as
    // `new` takes it (the fast path for whole chunks, then the general one).
    let validators = engines()
        .into_iter()
        .map(Utf8Validator::with_engine)
        .chain([Utf8Validator::new()]);
    for mut v in validators {
        let mut start = 0;
        let mut result = Ok(());
        for &cut in cuts.iter().chain([input.len()].iter()) {
            let end = cut.clamp(start, input.len());
            result = result.and(v.update(&input[start..end]));
            start = end;
        }
        let expected = std::str::from_utf8(input);
        let finished = v.finish();
        match expected {
            Ok(_) => {
                assert_eq!(result, Ok(()));
                assert_eq!(finished, Ok(input.len() as u64));
            }
            Err(e) => {
                let error = finished.unwrap_err();
                assert_eq!(error.valid_up_to(), e.valid_up_to() as u64, "{input:02x?}");
                assert_eq!(error.error_len(), e.error_len(), "{input:02x?}");
                let one = utfast::from_utf8(input).unwrap_err();
                assert_eq!(error.kind(), one.kind());
                if e.error_len().is_some() {
                    assert_eq!(result, Err(error), "update reports it");
                }
            }
        }
    }
}

/// Every sequence of up to four bytes from the edges of UTF-8's table, split at
/// every point, through the validator.
#[test]
fn validator_on_every_split_of_edge_sequences() {
    let mut sequences = vec![vec![]];
    for len in 1..=4 {
        let count = EDGE_BYTES.len().pow(len);
        for mut n in 0..count {
            let mut bytes = Vec::with_capacity(len as usize);
            for _ in 0..len {
                bytes.push(EDGE_BYTES[n % EDGE_BYTES.len()]);
                n /= EDGE_BYTES.len();
            }
            sequences.push(bytes);
        }
    }
    let engine = Engine::active();
    for bytes in &sequences {
        let expected =
            std::str::from_utf8(bytes).map_err(|e| (e.valid_up_to() as u64, e.error_len()));
        for split in 0..=bytes.len() {
            for second in split..=bytes.len() {
                let mut v = Utf8Validator::with_engine(engine);
                let _ = v.update(&bytes[..split]);
                let _ = v.update(&bytes[split..second]);
                let _ = v.update(&bytes[second..]);
                let got = v
                    .finish()
                    .map(|_| ())
                    .map_err(|e| (e.valid_up_to(), e.error_len()));
                assert_eq!(
                    got,
                    expected.map(|_| ()),
                    "{bytes:02x?} cut at {split}, {second}"
                );
            }
        }
    }
}

/// The specifications' examples (RFC 3629, Unicode, TR #26) through the
/// streaming API, split at every byte.
#[test]
fn spec_examples_split_at_every_byte() {
    let examples: [(&[u8], Encoding); 10] = [
        (b"\x41\xE2\x89\xA2\xCE\x91\x2E", Encoding::Utf8),
        (b"\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4", Encoding::Utf8),
        (
            b"\xEF\xBB\xBF\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E",
            Encoding::Utf8,
        ),
        (b"\xE2\x82\xAC\xF0\x90\x8D\x88", Encoding::Utf8),
        (b"\xC0\x80", Encoding::Utf8),
        (b"\xED\xA0\x80", Encoding::Utf8),
        (b"\xF5\x80\x80\x80", Encoding::Utf8),
        (b"a\xE4\xBD", Encoding::Utf8),
        (b"\xED\xA1\x8C\xED\xBE\xB4", Encoding::Cesu8),
        (b"\x2F\xC0\xAE\x2E\x2F", Encoding::Utf8),
    ];
    for (bytes, from) in examples {
        for to in [
            Encoding::Utf8,
            Encoding::Utf16Le,
            Encoding::Utf32Be,
            Encoding::Mutf8,
        ] {
            for &mode in ErrorMode::ALL {
                let reference = one_shot(Transcoder::new(from, to, mode), bytes);
                for split in 0..=bytes.len() {
                    let got = feed(Transcoder::new(from, to, mode), bytes, &[split], &[3, 64]);
                    assert_eq!(
                        got, reference,
                        "{from} -> {to} {mode} split at {split}: {bytes:02x?}"
                    );
                }
            }
        }
        if from == Encoding::Utf8 {
            check_validator(bytes, &[]);
            for split in 0..=bytes.len() {
                check_validator(bytes, &[split]);
            }
        }
    }
    // The CESU-8 pair is U+233B4, in any cut.
    let got = one_shot(
        Transcoder::new(Encoding::Cesu8, Encoding::Utf8, ErrorMode::Strict),
        b"\xED\xA1\x8C\xED\xBE\xB4",
    );
    assert_eq!(got.output, "\u{233B4}".as_bytes());
    // C0 80 is an overlong NUL in UTF-8, and NUL in Modified UTF-8.
    let got = one_shot(
        Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict),
        b"\xC0\x80",
    );
    assert_eq!(
        got.errors[0].kind(),
        TranscodeErrorKind::Utf8(Utf8ErrorKind::Overlong)
    );
    let got = one_shot(
        Transcoder::new(Encoding::Mutf8, Encoding::Utf16Le, ErrorMode::Strict),
        b"\xC0\x80",
    );
    assert_eq!(got.output, [0, 0]);
}

#[test]
fn errors_have_absolute_offsets_across_chunks() {
    let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
    let mut out = [0u8; 1 << 12];
    let mut offset = 0u64;
    let chunk = [b'a'; 1000];
    for _ in 0..5000 {
        let p = t.transcode(&chunk, &mut out, false);
        assert_eq!((p.read, p.written), (1000, 2000));
        offset += 1000;
    }
    let p = t.transcode(b"\xE2\x28", &mut out, true);
    let Status::Error(error) = p.status else {
        panic!("{p:?}")
    };
    assert_eq!(error.offset(), offset);
    assert!(error.offset() > u32::MAX as u64 / 1000);
    assert_eq!(error.error_len(), Some(1));
    assert_eq!(error.bytes(), [0xE2]);
    assert_eq!(
        error.kind(),
        TranscodeErrorKind::Utf8(Utf8ErrorKind::MissingContinuation)
    );
}

#[test]
fn unmappable_characters_have_their_input_offsets() {
    // U+1F600 is 4 bytes in UTF-8 and UTF-16, 6 in CESU-8, 4 in UTF-32.
    for (from, bytes, at, len) in [
        (Encoding::Utf8, "ab😀".as_bytes().to_vec(), 2, 4),
        (
            Encoding::Utf16Be,
            encode("ab😀", Encoding::Utf16Be).unwrap(),
            4,
            4,
        ),
        (
            Encoding::Cesu8,
            encode("ab😀", Encoding::Cesu8).unwrap(),
            2,
            6,
        ),
        (
            Encoding::Utf32Le,
            encode("ab😀", Encoding::Utf32Le).unwrap(),
            8,
            4,
        ),
    ] {
        for to in [Encoding::Latin1, Encoding::Windows1252] {
            let got = one_shot(Transcoder::new(from, to, ErrorMode::Strict), &bytes);
            assert_eq!(got.output, b"ab", "{from} -> {to}");
            let error = got.errors[0];
            assert_eq!(
                (error.offset(), error.error_len()),
                (at, Some(len)),
                "{from} -> {to}"
            );
            assert_eq!(error.kind(), TranscodeErrorKind::Unmappable(0x1F600));
            assert_eq!(error.bytes(), &bytes[at as usize..]);
        }
    }
}

#[test]
fn windows_1252_both_ways() {
    let all: Vec<u8> = (0..=255).collect();
    let got = one_shot(
        Transcoder::new(Encoding::Windows1252, Encoding::Utf8, ErrorMode::Strict),
        &all,
    );
    let (decoded, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&all);
    assert_eq!(got.output, decoded.as_bytes());
    assert_eq!(got.errors, []);
    let back = one_shot(
        Transcoder::new(Encoding::Utf8, Encoding::Windows1252, ErrorMode::Strict),
        &got.output,
    );
    assert_eq!(back.output, all);
    let got = one_shot(
        Transcoder::new(Encoding::Utf16Le, Encoding::Windows1252, ErrorMode::Strict),
        &encode("a€Ω", Encoding::Utf16Le).unwrap(),
    );
    assert_eq!(got.output, b"a\x80");
    assert_eq!(
        got.errors[0].kind(),
        TranscodeErrorKind::Unmappable('Ω' as u32)
    );
}

#[test]
fn byte_order_marks() {
    let run = |t: Transcoder, bytes: &[u8]| one_shot(t, bytes);
    let strip = |from, to| {
        Transcoder::new(from, to, ErrorMode::Strict).with_bom_handling(BomHandling::Strip)
    };
    let sniff = |from, to| {
        Transcoder::new(from, to, ErrorMode::Strict).with_bom_handling(BomHandling::Sniff)
    };
    // By default the mark is text.
    let got = run(
        Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict),
        b"\xEF\xBB\xBFa",
    );
    assert_eq!(got.output, [0xFF, 0xFE, b'a', 0]);
    assert_eq!(
        run(strip(Encoding::Utf8, Encoding::Utf16Le), b"\xEF\xBB\xBFa").output,
        [b'a', 0]
    );
    // Strip removes only the input encoding's own mark.
    assert_eq!(
        run(strip(Encoding::Latin1, Encoding::Utf8), b"\xEF\xBB\xBF").output,
        "ï»¿".as_bytes()
    );
    assert_eq!(
        run(
            strip(Encoding::Utf16Le, Encoding::Utf8),
            b"\xFF\xFE\x00\x00"
        )
        .output,
        b"\0"
    );
    // Sniff: the mark decides; the offsets count it.
    let got = run(
        sniff(Encoding::Utf8, Encoding::Utf8),
        b"\x00\x00\xFE\xFF\x00\x00\xD8\x00",
    );
    assert_eq!(got.output, b"");
    assert_eq!(got.errors[0].offset(), 4);
    assert_eq!(got.errors[0].from(), Encoding::Utf32Be);
    let got = run(
        sniff(Encoding::Cesu8, Encoding::Utf8),
        b"\xEF\xBB\xBF\xED\xA1\x8C\xED\xBE\xB4",
    );
    assert_eq!(
        got.output,
        "\u{233B4}".as_bytes(),
        "a variant keeps its encoding"
    );
    assert_eq!(
        run(sniff(Encoding::Utf8, Encoding::Utf8), b"\xFE").output,
        b"",
        "1 byte"
    );
    assert_eq!(
        run(sniff(Encoding::Latin1, Encoding::Utf8), b"\xFE").output,
        "þ".as_bytes()
    );
    for bytes in [
        &b"\xFF\xFEa\x00b\x00"[..],
        b"\xEF\xBB\xBFab",
        b"ab",
        b"\xFE\xFF\x00a\x00b",
    ] {
        for from in [Encoding::Utf8, Encoding::Utf16Le] {
            let reference = one_shot(sniff(from, Encoding::Utf8), bytes);
            for split in 0..=bytes.len() {
                for size in [1, 2, 5] {
                    let got = feed(
                        sniff(from, Encoding::Utf8),
                        bytes,
                        &[split, split + 1],
                        &[size],
                    );
                    assert_eq!(got, reference, "{bytes:02x?} at {split}");
                }
            }
        }
    }
}

/// Enforce strips the input's own mark and reports another's (offset 0, the
/// mark's bytes), then goes on after it, whatever the cuts and the mode.
#[test]
fn enforced_byte_order_marks() {
    let enforce = |from, mode| {
        Transcoder::new(from, Encoding::Utf8, mode).with_bom_handling(BomHandling::Enforce)
    };
    for mode in [ErrorMode::Strict, ErrorMode::Replace] {
        let got = one_shot(enforce(Encoding::Utf16Le, mode), b"\xFF\xFEa\x00");
        assert_eq!((got.output, got.errors.len()), (b"a".to_vec(), 0));
        let got = one_shot(enforce(Encoding::Cesu8, mode), b"\xEF\xBB\xBFa");
        assert_eq!((got.output, got.errors.len()), (b"a".to_vec(), 0));
        for (from, bytes, other, len) in [
            (
                Encoding::Utf16Le,
                &b"\xFF\xFE\x00\x00a\x00\x00\x00"[..],
                Encoding::Utf32Le,
                4,
            ),
            (Encoding::Utf8, b"\xFE\xFF\x00a", Encoding::Utf16Be, 2),
            (Encoding::Latin1, b"\xEF\xBB\xBFa", Encoding::Utf8, 3),
        ] {
            let reference = one_shot(enforce(from, mode), bytes);
            let error = reference.errors[0];
            assert_eq!(
                error.kind(),
                TranscodeErrorKind::ForeignBom(other),
                "{bytes:02x?}"
            );
            assert_eq!((error.offset(), error.bytes()), (0, &bytes[..len]));
            assert_eq!(reference.errors.len(), 1, "{bytes:02x?}");
            for split in 0..=bytes.len() {
                let got = feed(enforce(from, mode), bytes, &[split], &[1, 3]);
                assert_eq!(got, reference, "{bytes:02x?} at {split}");
            }
        }
    }
}

/// A reader that hands out a few bytes per call, like a pipe.
struct Trickle<'a> {
    data: &'a [u8],
    step: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

/// Reads `reader` `buffer` bytes at a time up to its end or its first error:
/// what it handed out, and the error.
fn read_in_pieces(reader: &mut impl Read, buffer: usize) -> (Vec<u8>, Option<std::io::Error>) {
    let mut out = Vec::new();
    let mut buf = vec![0u8; buffer];
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return (out, None),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(error) => return (out, Some(error)),
        }
    }
}

/// The input of the invalid-data tests: 70,000 × 'x', a bad piece, then `(rest`.
fn x_then_bad_piece() -> Vec<u8> {
    let mut bytes = "x".repeat(70_000).into_bytes();
    bytes.extend_from_slice(b"\xF0\x28rest");
    bytes
}

/// A UTF-8 to UTF-16LE reader of [`x_then_bad_piece`], read `buffer` bytes at a
/// time: the text before the bad piece, then `InvalidData` with its offset, then
/// the rest after it.
fn check_invalid_data(reader: &mut impl Read, buffer: usize) {
    let (out, error) = read_in_pieces(reader, buffer);
    assert_eq!(out.len(), 140_000, "everything before the bad piece");
    let error = error.expect("an error");
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData);
    let inner = error
        .get_ref()
        .unwrap()
        .downcast_ref::<TranscodeError>()
        .unwrap();
    assert_eq!(inner.offset(), 70_000);
    // Reading on goes past the bad piece.
    let mut rest = Vec::new();
    reader.read_to_end(&mut rest).unwrap();
    assert_eq!(rest, encode("(rest", Encoding::Utf16Le).unwrap());
}

#[test]
fn reader_with_small_buffers() {
    let text = "Grüße, 世界! 😀 ".repeat(300);
    let utf16 = encode(&text, Encoding::Utf16Le).unwrap();
    for step in [1, 3, 4096] {
        for buffer in [1, 3, 7, 4096] {
            let inner = Trickle { data: &utf16, step };
            let mut reader =
                TranscodeReader::new(inner, Encoding::Utf16Le, Encoding::Utf8, ErrorMode::Strict);
            let (out, error) = read_in_pieces(&mut reader, buffer);
            assert!(error.is_none(), "{error:?}");
            assert_eq!(out, text.as_bytes(), "step {step}, buffer {buffer}");
        }
    }
}

#[test]
fn buffered_reader_with_small_buffers() {
    let text = "Grüße, 世界! 😀 ".repeat(300);
    let utf16 = encode(&text, Encoding::Utf16Be).unwrap();
    for capacity in [1, 2, 3, 4096] {
        for buffer in [1, 3, 7, 4096] {
            let inner = std::io::BufReader::with_capacity(
                capacity,
                Trickle {
                    data: &utf16,
                    step: 5,
                },
            );
            let mut reader = TranscodeReader::from_buf_read(
                inner,
                Encoding::Utf16Be,
                Encoding::Utf8,
                ErrorMode::Strict,
            );
            let (out, error) = read_in_pieces(&mut reader, buffer);
            assert!(error.is_none(), "{error:?}");
            assert_eq!(out, text.as_bytes(), "capacity {capacity}, buffer {buffer}");
        }
    }
    // Invalid input: the text before it first, then the error, then the rest.
    let bytes = x_then_bad_piece();
    for buffer in [7, 4096] {
        let mut reader = TranscodeReader::from_buf_read(
            &bytes[..],
            Encoding::Utf8,
            Encoding::Utf16Le,
            ErrorMode::Strict,
        );
        check_invalid_data(&mut reader, buffer);
    }
}

#[test]
fn reader_reports_invalid_data_after_the_text_before_it() {
    let bytes = x_then_bad_piece();
    for buffer in [1, 7, 4096] {
        let inner = Trickle {
            data: &bytes,
            step: 1000,
        };
        let mut reader =
            TranscodeReader::new(inner, Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
        check_invalid_data(&mut reader, buffer);
    }
}

#[test]
fn writer_one_byte_at_a_time() {
    let text = "“Grüße” – 5 €, naïve café ".repeat(50);
    for mode in [ErrorMode::Strict, ErrorMode::Replace] {
        let mut writer =
            TranscodeWriter::new(Vec::new(), Encoding::Utf8, Encoding::Windows1252, mode);
        for byte in text.as_bytes() {
            writer.write_all(std::slice::from_ref(byte)).unwrap();
        }
        let bytes = writer.finish().unwrap();
        let (expected, _, unmappable) = encoding_rs::WINDOWS_1252.encode(&text);
        assert!(!unmappable);
        assert_eq!(bytes, expected.as_ref());
    }
    // Input that ends inside a character is reported by finish.
    let mut writer = TranscodeWriter::new(
        Vec::new(),
        Encoding::Utf16Le,
        Encoding::Utf8,
        ErrorMode::Strict,
    );
    writer.write_all(b"a\x00\x3D").unwrap();
    let error = writer.finish().unwrap_err();
    let inner = error
        .get_ref()
        .unwrap()
        .downcast_ref::<TranscodeError>()
        .unwrap();
    assert_eq!(
        (inner.offset(), inner.kind()),
        (2, TranscodeErrorKind::IncompleteUnit)
    );
}

#[test]
fn dense_errors() {
    // Every other character cannot be written in Latin-1; the caller goes on
    // after each error (after an error, blocks start small again, so that this
    // takes time linear in the input, not 200k blocks of work).
    let text = "aΩ".repeat(200_000);
    let got = one_shot(
        Transcoder::new(Encoding::Utf8, Encoding::Latin1, ErrorMode::Strict),
        text.as_bytes(),
    );
    assert_eq!(got.errors.len(), 200_000);
    assert_eq!(got.output, "a".repeat(200_000).as_bytes());
    assert!(got
        .errors
        .iter()
        .enumerate()
        .all(|(i, e)| e.offset() == 3 * i as u64 + 1));
}

// What the command line's converter was tested for, now the library's.

/// One call, checked against cuts after every few bytes and small outputs.
fn convert(from: Encoding, to: Encoding, mode: ErrorMode, input: &[u8]) -> Outcome {
    let reference = one_shot(Transcoder::new(from, to, mode), input);
    for step in [1, 2, 3, 5, 7, 13] {
        let cuts: Vec<usize> = (step..input.len()).step_by(step).collect();
        for sizes in [&[1usize][..], &[4, 9], &[64]] {
            let got = feed(Transcoder::new(from, to, mode), input, &cuts, sizes);
            assert_eq!(
                got, reference,
                "{from} -> {to} {mode}, step {step}, sizes {sizes:?}"
            );
        }
    }
    reference
}

/// The first error of a conversion: its offset, input bytes and kind.
fn first_error(outcome: &Outcome) -> (u64, &[u8], TranscodeErrorKind) {
    let error = outcome.errors.first().expect("an error");
    (error.offset(), error.bytes(), error.kind())
}

const MESSY: &[u8] =
    b"ok \xE2\x82 x\xF0\x9F\x98\xFF\x80\xC3\xA9\xED\xA0\x80 \x93q\x94 \xC0\xAF\xE4\xBD";

#[test]
fn modes_decode_invalid_utf8_as_the_one_shot_functions() {
    use Encoding::*;
    for to in [Utf8, Utf16Le, Utf32Be, Cesu8, Wtf8] {
        for mode in [
            ErrorMode::Replace,
            ErrorMode::Latin1,
            ErrorMode::Windows1252,
        ] {
            let text = utfast::utf8::to_string_with(MESSY, mode).unwrap();
            let got = convert(Utf8, to, mode, MESSY);
            assert_eq!(got.errors, []);
            assert_eq!(Some(got.output), encode(&text, to), "{mode} -> {to}");
        }
    }
    let escape = ErrorMode::SurrogateEscape;
    let utf16 = convert(Utf8, Utf16Le, escape, MESSY).output;
    let units = utfast::utf8::to_utf16_vec_with(MESSY, ByteOrder::NATIVE, escape).unwrap();
    let expected: Vec<u8> = units.iter().flat_map(|u| u.to_le_bytes()).collect();
    assert_eq!(utf16, expected);
    // Escapes are the bytes again in UTF-8 and in CESU-8 (no pairs here).
    for to in [Utf8, Cesu8] {
        let back = convert(Utf16Le, to, escape, &utf16);
        assert_eq!(
            (back.output.as_slice(), back.errors.len()),
            (MESSY, 0),
            "{to}"
        );
    }
    assert_eq!(convert(Utf8, Utf8, escape, MESSY).output, MESSY);
    // Strict stops at each error.
    let got = convert(Utf8, Wtf8, ErrorMode::Strict, MESSY);
    assert_eq!(got.errors[0].offset(), 3);
}

#[test]
fn variants_convert_and_reject() {
    use Encoding::*;
    let strict = ErrorMode::Strict;
    let got = convert(Cesu8, Utf8, strict, b"a\xED\xA1\x8C\xED\xBE\xB4b");
    assert_eq!(
        (got.output.as_slice(), got.errors.len()),
        ("a\u{233B4}b".as_bytes(), 0)
    );
    assert_eq!(convert(Mutf8, Utf16Be, strict, b"\xC0\x80").output, b"\0\0");
    let got = convert(Cesu8, Utf8, strict, "x😀".as_bytes());
    assert_eq!(first_error(&got).0, 1);
    assert_eq!(first_error(&got).1, b"\xF0");
    let got = convert(Cesu8, Utf8, ErrorMode::Replace, "x😀".as_bytes());
    assert_eq!(got.output, "x\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}".as_bytes());

    let lone: Vec<u8> = [0x61u16, 0xD800, 0x62]
        .iter()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    let escape = ErrorMode::SurrogateEscape;
    let wtf8 = convert(Utf16Le, Wtf8, escape, &lone);
    assert_eq!(
        (wtf8.output.as_slice(), wtf8.errors.len()),
        (&b"a\xED\xA0\x80b"[..], 0)
    );
    assert_eq!(convert(Wtf8, Utf16Le, strict, &wtf8.output).output, lone);
    // Not UTF-8, even with escapes: D800 escapes no byte.
    let got = convert(Wtf8, Utf8, escape, &wtf8.output);
    assert_eq!(got.output, b"ab");
    assert_eq!(
        first_error(&got),
        (
            1,
            &b"\xED\xA0\x80"[..],
            TranscodeErrorKind::Unmappable(0xD800)
        )
    );
    assert_eq!(
        convert(Wtf8, Utf8, ErrorMode::Replace, &wtf8.output).output,
        "a\u{FFFD}b".as_bytes()
    );
}

#[test]
fn unpaired_surrogates_follow_the_mode() {
    use Encoding::*;
    let escape = ErrorMode::SurrogateEscape;
    let utf32: Vec<u8> = [0xD800u32, 0xDC00]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    // WTF-8 D800, then a bad byte escaped as DCFF: no U+103FF.
    let got = convert(Wtf8, Utf8, escape, b"\xED\xA0\x80\xFF");
    assert_eq!(first_error(&got).2, TranscodeErrorKind::Unmappable(0xD800));
    let got = convert(Wtf8, Utf16Le, escape, b"\xED\xA0\x80\xFF");
    assert_eq!(
        first_error(&got),
        (
            0,
            &b"\xED\xA0\x80"[..],
            TranscodeErrorKind::Unmappable(0xD800)
        )
    );
    // Two kept UTF-32 surrogates: no U+10000 either.
    let got = convert(Utf32Le, Utf16Le, escape, &utf32);
    assert_eq!(
        first_error(&got),
        (0, &utf32[..4], TranscodeErrorKind::Unmappable(0xD800))
    );
    assert_eq!(convert(Utf32Le, Utf32Le, escape, &utf32).output, utf32);
    assert_eq!(
        convert(Utf32Le, Utf16Le, ErrorMode::Replace, &utf32).output,
        [0xFD, 0xFF, 0xFD, 0xFF]
    );
    // A WTF-8 pair as 3 + 3 bytes, wherever the cuts fall.
    let mut pair = vec![b'a'; 70];
    pair.extend_from_slice(b"\xED\xA0\x80\xED\xB0\x80");
    for start in [0, 10, 60, 67, 70] {
        let input = &pair[start..];
        let got = convert(Wtf8, Utf16Le, ErrorMode::Strict, input);
        assert_eq!(
            got.errors[0].offset() as usize,
            input.len() - 3,
            "from {start}"
        );
    }
    // WTF-8 to UTF-32: kept when strict, U+FFFD when replacing.
    assert_eq!(
        convert(Wtf8, Utf32Le, ErrorMode::Strict, b"\xED\xA0\x80").output,
        [0x00, 0xD8, 0, 0]
    );
    assert_eq!(
        convert(Wtf8, Utf32Le, ErrorMode::Replace, b"\xED\xA0\x80").output,
        [0xFD, 0xFF, 0, 0]
    );
    // Modified UTF-8's forbidden 00 stands for itself under escape.
    let got = convert(Mutf8, Utf8, escape, b"a\0b");
    assert_eq!((got.output.as_slice(), got.errors.len()), (&b"a\0b"[..], 0));
    // UTF-16 to UTF-8: D800 escapes no byte; an odd last byte is U+FFFD when
    // replacing, one with the high surrogate before it (WHATWG, CPython).
    let input = [0x41u8, 0, 0x00, 0xD8, 0x42, 0];
    let got = convert(Utf16Le, Utf8, escape, &input);
    assert_eq!(
        first_error(&got),
        (2, &[0x00, 0xD8][..], TranscodeErrorKind::Unmappable(0xD800))
    );
    assert_eq!(got.output, b"AB");
    assert_eq!(
        convert(Utf16Le, Utf8, ErrorMode::Replace, &input[..5]).output,
        "A\u{FFFD}".as_bytes()
    );
    assert_eq!(
        convert(Utf16Le, Utf8, ErrorMode::Replace, &[0x41, 0, 0x42]).output,
        "A\u{FFFD}".as_bytes()
    );
    // Dense errors: one invalid piece per byte.
    let dense = vec![0xFFu8; 3000];
    for from in [Cesu8, Mutf8, Wtf8, Utf8] {
        let got = one_shot(Transcoder::new(from, Utf8, ErrorMode::Replace), &dense);
        assert_eq!(got.output, "\u{FFFD}".repeat(3000).as_bytes(), "{from}");
    }
    let units: Vec<u8> = [0xD800u16, 0x41]
        .repeat(500)
        .iter()
        .flat_map(|u| u.to_le_bytes())
        .collect();
    let got = convert(Utf16Le, Cesu8, ErrorMode::Replace, &units);
    assert_eq!(got.output, "\u{FFFD}A".repeat(500).as_bytes());
}

#[test]
fn reports_invalid_utf16_and_utf32() {
    use utfast::{utf16::Utf16ErrorKind as U16, utf32::Utf32ErrorKind as U32};
    use Encoding::*;
    let le = |units: &[u16]| -> Vec<u8> { units.iter().flat_map(|u| u.to_le_bytes()).collect() };
    let be = |units: &[u16]| -> Vec<u8> { units.iter().flat_map(|u| u.to_be_bytes()).collect() };
    for to in Encoding::ALL {
        let strict = |from, input: &[u8]| convert(from, to, ErrorMode::Strict, input);
        let got = strict(Utf16Le, &le(&[0x41, 0xE9, 0xD800, 0x42]));
        assert_eq!(
            first_error(&got),
            (
                4,
                &b"\x00\xD8"[..],
                TranscodeErrorKind::Utf16(U16::UnpairedHighSurrogate)
            )
        );
        let got = strict(Utf16Be, &be(&[0x41, 0xDC00]));
        assert_eq!(
            first_error(&got),
            (
                2,
                &b"\xDC\x00"[..],
                TranscodeErrorKind::Utf16(U16::UnpairedLowSurrogate)
            )
        );
        // A high surrogate, then the end; then an odd byte.
        let input = le(&[0x41, 0xD83D]);
        let got = strict(Utf16Le, &input);
        assert_eq!(
            first_error(&got),
            (
                2,
                &b"\x3D\xD8"[..],
                TranscodeErrorKind::Utf16(U16::TruncatedAtEnd)
            )
        );
        assert_eq!(got.errors[0].error_len(), None);
        let got = strict(Utf16Le, &[&input[..], b"\xDE"].concat());
        assert_eq!(first_error(&got).1, b"\x3D\xD8\xDE");
        let got = strict(Utf16Be, b"\x00A\x00B\x00");
        assert_eq!(
            first_error(&got),
            (4, &b"\x00"[..], TranscodeErrorKind::IncompleteUnit)
        );
        let got = strict(Utf32Le, b"A\0\0\0\x00\xD8\0\0");
        assert_eq!(
            first_error(&got),
            (
                4,
                &b"\x00\xD8\0\0"[..],
                TranscodeErrorKind::Utf32(U32::Surrogate)
            )
        );
        let got = strict(Utf32Be, b"\0\0\0A\0\x11\0\0");
        assert_eq!(
            first_error(&got),
            (
                4,
                &b"\0\x11\0\0"[..],
                TranscodeErrorKind::Utf32(U32::TooLarge)
            )
        );
        let got = strict(Utf32Be, b"\0\0\0A\0\0\0B\0\0");
        assert_eq!(
            first_error(&got),
            (8, &b"\0\0"[..], TranscodeErrorKind::IncompleteUnit)
        );
    }
    let got = convert(
        Utf16Le,
        Latin1,
        ErrorMode::Strict,
        &le(&[0xE9, 0xD83D, 0xDE00]),
    );
    assert_eq!(
        first_error(&got),
        (
            2,
            &b"\x3D\xD8\x00\xDE"[..],
            TranscodeErrorKind::Unmappable(0x1F600)
        )
    );
    let got = convert(
        Utf32Le,
        Latin1,
        ErrorMode::Strict,
        b"\xE9\0\0\0\xAC\x20\0\0",
    );
    assert_eq!(
        first_error(&got),
        (
            4,
            &b"\xAC\x20\0\0"[..],
            TranscodeErrorKind::Unmappable(0x20AC)
        )
    );
}

#[test]
fn long_inputs_in_random_chunks() {
    // Text past several blocks, with an error every few KiB, in chunks of every
    // size from 1 byte to 100 KB, through every strict pair from UTF-8.
    let mut input = Vec::new();
    let mut n = 7u32;
    while input.len() < 300_000 {
        n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let piece: &[u8] = match n >> 28 {
            0 => b"\xFF",
            1 => b"\xE2\x82",
            2..=5 => "Grüße, ".as_bytes(),
            6..=8 => "世界 ".as_bytes(),
            9 => "😀".as_bytes(),
            _ => b"plain ascii text, ",
        };
        input.extend_from_slice(piece);
    }
    for to in [
        Encoding::Utf8,
        Encoding::Utf16Le,
        Encoding::Utf32Be,
        Encoding::Latin1,
        Encoding::Cesu8,
    ] {
        for mode in [ErrorMode::Strict, ErrorMode::Replace] {
            let reference = one_shot(Transcoder::new(Encoding::Utf8, to, mode), &input);
            let mut cuts = Vec::new();
            let mut at = 0usize;
            while at < input.len() {
                n = n.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                at += [1, 2, 3, 17, 4096, 65_536, 100_000][(n >> 29) as usize % 7];
                cuts.push(at);
            }
            for sizes in [&[7usize, 100_000][..], &[1 << 20]] {
                let got = feed(
                    Transcoder::new(Encoding::Utf8, to, mode),
                    &input,
                    &cuts,
                    sizes,
                );
                assert!(got == reference, "UTF-8 -> {to} {mode}");
            }
        }
    }
}

/// Input and output at odd addresses, whole and cut short, for the pairs whose
/// short inputs take one kernel call: the same output as an aligned one call
/// (UTF-16 at an odd address, or cut inside a unit, goes the general way).
#[test]
fn misaligned_buffers_give_the_aligned_result() {
    let text = "ab€😀 ÿ\u{7FF}é\u{FFFD}xyz";
    let pairs = [
        (Encoding::Utf8, Encoding::Utf16Le),
        (Encoding::Utf8, Encoding::Utf16Be),
        (Encoding::Utf16Le, Encoding::Utf8),
        (Encoding::Utf16Be, Encoding::Utf8),
        (Encoding::Utf8, Encoding::Utf8),
        (Encoding::Latin1, Encoding::Utf8),
        (Encoding::Utf8, Encoding::Latin1),
    ];
    for engine in engines() {
        for (from, to) in pairs {
            let full = encode(text, from).unwrap_or_else(|| b"caf\xE9 ok".to_vec());
            for len in [0, 1, 2, 3, 5, 8, full.len() - 1, full.len()] {
                let input = &full[..len.min(full.len())];
                let t = || Transcoder::with_engine(engine, from, to, ErrorMode::Strict);
                let reference = one_shot(t(), input);
                for (src_at, dst_at) in [(0, 1), (1, 0), (1, 1)] {
                    let mut src = vec![0u8; input.len() + 1];
                    src[src_at..src_at + input.len()].copy_from_slice(input);
                    let room = t().max_output_len(input.len());
                    let mut dst = vec![0u8; room + 1];
                    let mut transcoder = t();
                    let p = transcoder.transcode(
                        &src[src_at..src_at + input.len()],
                        &mut dst[dst_at..],
                        true,
                    );
                    let k = engine.kernel();
                    let what =
                        format!("{k}: {from} -> {to}, {len} bytes at +{src_at}, out +{dst_at}");
                    assert_eq!(
                        &dst[dst_at..dst_at + p.written],
                        &reference.output[..p.written.min(reference.output.len())],
                        "{what}"
                    );
                    match p.status {
                        Status::InputEmpty => {
                            assert_eq!(p.written, reference.output.len(), "{what}");
                            assert!(reference.errors.is_empty(), "{what}");
                        }
                        Status::Error(_) => assert!(!reference.errors.is_empty(), "{what}"),
                        status => panic!("{what}: {status:?}"),
                    }
                }
            }
        }
    }
}

/// Chunks long enough for the validator's test of a whole last character
/// (65 bytes and more), cut at every byte of text with characters of every
/// width, then broken at the end in every way: the answer of the whole input.
#[test]
fn validator_long_chunks_cut_at_every_byte() {
    let text = "aé€😀".repeat(20);
    let mut inputs = vec![text.as_bytes().to_vec()];
    for end in [
        &b"\xFF"[..],
        b"\xC3",
        b"\xE2\x82",
        b"\xF0\x9F\x98",
        b"\x80",
        b"\xED\xA0\x80",
    ] {
        inputs.push([text.as_bytes(), end, b"tail"].concat());
        inputs.push([text.as_bytes(), end].concat());
    }
    for input in &inputs {
        for cut in 60..=input.len() {
            check_validator(input, &[cut]);
            check_validator(input, &[cut - 40, cut]);
        }
    }
}

/// A WTF-8 high surrogate followed by more bad bytes than a block holds back,
/// which `Ignore` drops: any cut gives the one-call result (the surrogate is not
/// held back with them; found by the property test above).
#[test]
fn ignored_bytes_after_a_high_surrogate_are_not_held_back() {
    for run in [14, 40, 300] {
        let mut input = b"\xED\xA0\x80".to_vec();
        input.extend(std::iter::repeat_n(0x80u8, run));
        input.extend(b"\xED\xB0\x80a");
        let n = input.len();
        for to in Encoding::ALL {
            check_max_output_len(
                Transcoder::new(Encoding::Wtf8, to, ErrorMode::Ignore),
                &input,
                &[n - 1],
            );
            let reference = one_shot(
                Transcoder::new(Encoding::Wtf8, to, ErrorMode::Ignore),
                &input,
            );
            for cuts in [vec![n - 1], vec![3], vec![3, 10, n - 4], vec![n]] {
                for sizes in [vec![1], vec![7, 300]] {
                    let t = Transcoder::new(Encoding::Wtf8, to, ErrorMode::Ignore);
                    assert_eq!(
                        feed(t, &input, &cuts, &sizes),
                        reference,
                        "{to}: {run}, {cuts:?}"
                    );
                }
            }
        }
    }
}

/// Short pieces (1 to 17 bytes) of UTF-8 to UTF-16, one call each, into output
/// slices at even and odd addresses, of the longest short piece's room (32
/// bytes, the `Transcoder`'s own lane for UTF-16LE) and of less: ASCII of every
/// length, characters of every width, an invalid byte and a character cut
/// off at the end. The output and the errors (with their input offsets) of
/// one call over the whole input, every kernel, both byte orders.
#[test]
fn short_pieces_to_utf16_at_any_address() {
    let mut input = b"ASCII only, then more ascii text; ".to_vec();
    input.extend_from_slice("naïve café, €uro, 日本語の文, 😀🎉 ok. ".as_bytes());
    input.extend_from_slice(b"bad \xFF byte, then a cut \xE2\x82");
    for engine in engines() {
        for to in [Encoding::Utf16Le, Encoding::Utf16Be] {
            let t = || Transcoder::with_engine(engine, Encoding::Utf8, to, ErrorMode::Strict);
            let reference = one_shot(t(), &input);
            assert_eq!(reference.errors.len(), 2, "{to}");
            for piece in 1..=17 {
                for (at, room) in [(0, 32), (1, 32), (0, 40), (1, 40), (0, 2 * piece), (0, 16)] {
                    let mut transcoder = t();
                    let mut buffer = vec![0u8; at + room];
                    let mut got = Outcome {
                        output: Vec::new(),
                        errors: Vec::new(),
                    };
                    let pieces: Vec<&[u8]> = input.chunks(piece).collect();
                    for (i, &whole) in pieces.iter().enumerate() {
                        let last = i + 1 == pieces.len();
                        let mut chunk = whole;
                        loop {
                            let p = transcoder.transcode(chunk, &mut buffer[at..], last);
                            got.output.extend_from_slice(&buffer[at..at + p.written]);
                            chunk = &chunk[p.read..];
                            match p.status {
                                Status::InputEmpty => break,
                                Status::OutputFull => {}
                                Status::Error(error) => got.errors.push(error),
                                status => panic!("{status:?}"),
                            }
                        }
                    }
                    let k = engine.kernel();
                    assert_eq!(
                        got, reference,
                        "{k}: {to}, pieces of {piece}, {room} at +{at}"
                    );
                }
            }
        }
    }
}
