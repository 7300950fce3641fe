//! Encoding detection and character boundaries: every kernel gives the same
//! detection; byte order marks; UTF-16 and UTF-32 without a mark, from generated
//! text (ASCII, accented Latin, CJK, emoji) and from `../shared/corpus` (or
//! `UTFAST_CORPUS`) when present; windows-1252; short and empty inputs; cut
//! inputs; and property tests of the boundary functions against std
//! (`str::floor_char_boundary`, `str::ceil_char_boundary`, `<[u8]>::utf8_chunks`,
//! `str::from_utf8`).

#[path = "model/boundaries.rs"]
mod boundaries;
mod common;

use boundaries::lossy_boundaries;
use common::{corpus_files, corpus_or_skip, engines};
use proptest::prelude::*;
use utfast::{detect::Detection, Encoding, Engine};

/// Detects `src` with every kernel and the free function; all must agree.
#[track_caller]
fn detect(src: &[u8]) -> Detection {
    agreed(src, utfast::detect::encoding, Engine::detect_encoding)
}

/// Like [`detect`], for `detect_encoding_prefix`.
#[track_caller]
fn detect_prefix(src: &[u8]) -> Detection {
    agreed(
        src,
        utfast::detect::encoding_prefix,
        Engine::detect_encoding_prefix,
    )
}

/// The answer of `free` on `src`, which `method` of every engine must give too.
#[track_caller]
fn agreed(
    src: &[u8],
    free: fn(&[u8]) -> Detection,
    method: fn(&Engine, &[u8]) -> Detection,
) -> Detection {
    let expected = free(src);
    for engine in engines() {
        assert_eq!(
            method(&engine, src),
            expected,
            "{:?} on {} bytes",
            engine.kernel(),
            src.len()
        );
    }
    expected
}

/// What a detection found: the encoding, the confidence and the length of the
/// byte order mark.
fn found(detection: Detection) -> (Encoding, f32, usize) {
    let (encoding, confidence) = guess(detection);
    (encoding, confidence, detection.bom_len())
}

/// The encoding a detection found, and its confidence.
fn guess(detection: Detection) -> (Encoding, f32) {
    (detection.encoding(), detection.confidence())
}

fn encode(text: &str, encoding: Encoding) -> Vec<u8> {
    common::encode(text, encoding).expect("the text fits the encoding")
}

const UNICODE: [Encoding; 5] = [
    Encoding::Utf8,
    Encoding::Utf16Le,
    Encoding::Utf16Be,
    Encoding::Utf32Le,
    Encoding::Utf32Be,
];

/// A deterministic pseudo-random sequence (a 64-bit LCG's high bits).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % u64::from(n)) as u32
    }
}

/// `chars` characters drawn from the ranges, with a space after every `word`
/// characters (none when `word` is 0).
fn generated(seed: u64, ranges: &[(u32, u32)], chars: usize, word: usize) -> String {
    let mut rng = Lcg(seed);
    let mut text = String::new();
    for i in 0..chars {
        if word > 0 && i % word == word - 1 {
            text.push(if i % (8 * word) == 8 * word - 1 {
                '\n'
            } else {
                ' '
            });
            continue;
        }
        let (lo, hi) = ranges[rng.below(ranges.len() as u32) as usize];
        text.push(char::from_u32(lo + rng.below(hi - lo + 1)).unwrap());
    }
    text
}

const ASCII_LETTERS: (u32, u32) = (0x61, 0x7A);
const ACCENTED: (u32, u32) = (0xC0, 0xFF);
const CJK: (u32, u32) = (0x4E00, 0x9FFF);
const EMOJI: (u32, u32) = (0x1F600, 0x1F64F);

/// Texts of every kind, named.
fn texts() -> Vec<(&'static str, String)> {
    vec![
        ("ascii", generated(1, &[ASCII_LETTERS], 3000, 6)),
        (
            "accented",
            generated(2, &[ASCII_LETTERS, ACCENTED], 3000, 7),
        ),
        ("cjk with spaces", generated(3, &[CJK], 3000, 4)),
        ("emoji", generated(4, &[EMOJI, ASCII_LETTERS], 3000, 5)),
        (
            "mixed",
            generated(5, &[ASCII_LETTERS, ACCENTED, CJK, EMOJI], 6000, 6),
        ),
        ("short", "Grüße, 世界 🎉".to_string()),
    ]
}

#[test]
fn every_bom_is_recognised_with_full_confidence() {
    for encoding in UNICODE {
        let bom = encoding.bom().unwrap();
        assert_eq!(
            utfast::detect::bom(bom),
            Some((encoding, bom.len())),
            "{encoding}"
        );
        for (name, text) in texts().into_iter().chain([("empty", String::new())]) {
            let mut bytes = bom.to_vec();
            bytes.extend(encode(&text, encoding));
            assert_eq!(
                found(detect(&bytes)),
                (encoding, 1.0, bom.len()),
                "{encoding} {name}"
            );
        }
    }
    assert_eq!(utfast::detect::bom(b"\xFF"), None);
    assert_eq!(utfast::detect::bom(b"\xEF\xBB"), None);
    assert_eq!(utfast::detect::bom(b"\x00\x00\xFE"), None);
    assert_eq!(
        utfast::detect::bom(b"\xFE\xFF\x00"),
        Some((Encoding::Utf16Be, 2))
    );
}

#[test]
fn a_bom_before_invalid_content_lowers_the_confidence() {
    let cases: [(&[u8], Encoding); 5] = [
        (b"\xEF\xBB\xBFab\xFF", Encoding::Utf8),
        (b"\xFF\xFEa\x00\x00\xDC", Encoding::Utf16Le), // unpaired low surrogate
        (b"\xFE\xFF\x00a\x00", Encoding::Utf16Be),     // odd length
        (b"\xFF\xFE\x00\x00\x00\xDC\x11\x00", Encoding::Utf32Le), // above U+10FFFF
        (b"\x00\x00\xFE\xFF\x00\x00\xD8\x00", Encoding::Utf32Be), // surrogate
    ];
    for (bytes, encoding) in cases {
        let found = detect(bytes);
        assert_eq!(found.encoding(), encoding, "{bytes:x?}");
        assert_eq!(found.confidence(), 0.5, "{bytes:x?}");
        assert_eq!(found.bom_len(), encoding.bom().unwrap().len(), "{bytes:x?}");
    }
}

#[test]
fn ff_fe_00_00_falls_back_to_utf16le_when_utf32le_is_invalid() {
    // U+0000 then "ab" in UTF-16LE: 6 bytes after the 4-byte mark would be
    // invalid UTF-32LE (length), but after the 2-byte mark valid UTF-16LE.
    let bytes = b"\xFF\xFE\x00\x00a\x00b\x00";
    assert_eq!(utfast::detect::bom(bytes), Some((Encoding::Utf32Le, 4)));
    assert_eq!(found(detect(bytes)), (Encoding::Utf16Le, 1.0, 2));
    // As a prefix, the last 2 bytes may be a cut UTF-32LE value: UTF-32LE.
    assert_eq!(
        guess(detect_prefix(b"\xFF\xFE\x00\x00\x28\x2F")),
        (Encoding::Utf32Le, 1.0)
    );
    assert_eq!(
        detect(b"\xFF\xFE\x00\x00\x28\x2F").encoding(),
        Encoding::Utf16Le
    );
    // Valid both ways: UTF-32LE wins.
    let found = detect(b"\xFF\xFE\x00\x00a\x00\x00\x00");
    assert_eq!((found.encoding(), found.bom_len()), (Encoding::Utf32Le, 4));
}

#[test]
fn utf16_and_utf32_without_bom() {
    for (name, text) in texts() {
        for encoding in UNICODE {
            let found = detect(&encode(&text, encoding));
            assert_eq!(found.encoding(), encoding, "{name} in {encoding}");
            assert_eq!(found.bom_len(), 0);
            let least = if name == "short" { 0.5 } else { 0.75 };
            assert!(
                found.confidence() >= least,
                "{name} in {encoding}: {found:?}"
            );
        }
    }
}

#[test]
fn utf16_cjk_without_zero_bytes_is_found_from_byte_variety() {
    // Characters whose low byte is zero left out.
    let text: String = generated(6, &[CJK], 2000, 0)
        .chars()
        .filter(|&c| !(c as u32).is_multiple_of(256))
        .collect();
    for encoding in [Encoding::Utf16Le, Encoding::Utf16Be] {
        let bytes = encode(&text, encoding);
        assert!(!bytes.contains(&0));
        assert_eq!(guess(detect(&bytes)), (encoding, 0.5), "{encoding}");
    }
    // Windows-1252 prose has as many distinct bytes at even as at odd positions.
    let prose = "Le cœur a ses raisons que la raison ne connaît point; ça coûte 5 €. ";
    let bytes = encode(&prose.repeat(20), Encoding::Windows1252);
    assert_eq!(detect(&bytes).encoding(), Encoding::Windows1252);
}

#[test]
fn validity_is_checked_beyond_the_sample_and_across_buffers() {
    // A surrogate pair across the validation buffer (2048 units), far past the
    // sample.
    let mut text = "a".repeat(2047);
    text.push('🎉');
    text.push_str(&"b".repeat(5000));
    for encoding in UNICODE {
        let found = detect(&encode(&text, encoding));
        assert_eq!(
            (found.encoding(), found.confidence()),
            (
                encoding,
                if encoding == Encoding::Utf8 {
                    0.9
                } else {
                    0.95
                }
            ),
            "{encoding}"
        );
    }
    // An unpaired surrogate at unit 6000: not UTF-16LE, though the sample is.
    let mut bytes = encode(&"abc".repeat(3000), Encoding::Utf16Le);
    bytes[12001] = 0xD8;
    assert_ne!(detect(&bytes).encoding(), Encoding::Utf16Le);
    let mut marked = Encoding::Utf16Le.bom().unwrap().to_vec();
    marked.extend_from_slice(&bytes);
    assert_eq!(guess(detect(&marked)), (Encoding::Utf16Le, 0.5));
    // Invalid UTF-8 past the sample.
    let mut bytes = "é".repeat(5000).into_bytes();
    bytes.push(0xC3);
    bytes.push(b'x');
    assert_eq!(detect(&bytes).encoding(), Encoding::Windows1252);
}

#[test]
fn utf8_confidence_grows_with_multibyte_characters() {
    let cases: [(&str, f32); 5] = [
        ("plain ASCII", 0.8),
        ("one é", 0.9),
        ("é and ü", 0.95),
        ("Grüße aus Köln", 0.95),
        ("naïve café, déjà vu", 0.99),
    ];
    for (text, confidence) in cases {
        assert_eq!(
            found(detect(text.as_bytes())),
            (Encoding::Utf8, confidence, 0),
            "{text}"
        );
    }
}

#[test]
fn windows_1252_is_the_fallback() {
    let text = "Crème brûlée, œufs à 3 €";
    let bytes = encode(text, Encoding::Windows1252);
    assert!(std::str::from_utf8(&bytes).is_err());
    assert_eq!(found(detect(&bytes)), (Encoding::Windows1252, 0.4, 0));
    // A byte windows-1252 does not define: still the fallback, barely.
    assert_eq!(
        guess(detect(b"abc\x81def\xE9")),
        (Encoding::Windows1252, 0.1)
    );
}

#[test]
fn empty_and_one_byte_inputs() {
    assert_eq!(found(detect(b"")), (Encoding::Utf8, 0.5, 0));
    for byte in 0..=255u8 {
        let found = detect(&[byte]);
        let expected = match byte {
            0x00..=0x7F => (Encoding::Utf8, 0.8),
            0x81 | 0x8D | 0x8F | 0x90 | 0x9D => (Encoding::Windows1252, 0.1),
            _ => (Encoding::Windows1252, 0.4),
        };
        assert_eq!(
            (found.encoding(), found.confidence(), found.bom_len()),
            (expected.0, expected.1, 0),
            "{byte:#04x}"
        );
    }
    // Patterns over fewer than 4 code units are guesses.
    assert_eq!(guess(detect(b"a\x00")), (Encoding::Utf16Le, 0.5));
    assert_eq!(guess(detect(b"\x00\x00\x00a")), (Encoding::Utf32Be, 0.5));
}

#[test]
fn prefixes_cut_inside_a_character() {
    for (name, text) in texts() {
        for encoding in UNICODE {
            let bytes = encode(&text, encoding);
            let whole = detect(&bytes);
            // Every cut in the last 8 bytes: the prefix is judged like the whole.
            for cut in bytes.len().saturating_sub(8)..bytes.len() {
                let found = detect_prefix(&bytes[..cut]);
                assert_eq!(
                    found.encoding(),
                    whole.encoding(),
                    "{name} in {encoding} cut at {cut}"
                );
            }
            assert_eq!(detect_prefix(&bytes), whole, "{name} in {encoding}");
        }
    }
    // An incomplete UTF-8 character is held against the whole input only.
    let cut = b"price: 5 \xE2\x82";
    assert_eq!(detect(cut).encoding(), Encoding::Windows1252);
    assert_eq!(detect_prefix(cut).encoding(), Encoding::Utf8);
}

#[test]
fn names_and_display() {
    let names: Vec<String> = Encoding::ALL.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        names,
        [
            "UTF-8",
            "UTF-16LE",
            "UTF-16BE",
            "UTF-32LE",
            "UTF-32BE",
            "ISO-8859-1",
            "windows-1252",
            "CESU-8",
            "MUTF-8",
            "WTF-8"
        ]
    );
    for encoding in Encoding::ALL {
        assert_eq!(encoding.name(), encoding.to_string());
    }
}

// The corpus.

#[test]
fn corpus_in_every_encoding() {
    let Some(files) = corpus_or_skip(".utf8.txt") else {
        return;
    };
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let text = std::str::from_utf8(&bytes).expect("the corpus is UTF-8");
        let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
        for encoding in UNICODE {
            let found = detect(&encode(text, encoding));
            assert_eq!(
                found.encoding(),
                encoding,
                "{} in {encoding}",
                path.display()
            );
            assert!(found.confidence() >= 0.5, "{}: {found:?}", path.display());
        }
    }
    for path in corpus_files(".utf16.txt") {
        let bytes = std::fs::read(&path).unwrap();
        let found = detect(&bytes);
        let expected = match utfast::detect::bom(&bytes) {
            Some((encoding, len)) => (encoding, 1.0, len),
            None => (Encoding::Utf16Le, found.confidence(), 0),
        };
        assert_eq!(
            (found.encoding(), found.confidence(), found.bom_len()),
            expected,
            "{}",
            path.display()
        );
    }
    for path in corpus_files(".latin1.txt") {
        let bytes = std::fs::read(&path).unwrap();
        if std::str::from_utf8(&bytes).is_err() {
            let found = detect(&bytes);
            assert_eq!(
                found.encoding(),
                Encoding::Windows1252,
                "{}",
                path.display()
            );
        }
    }
}

// Boundaries.

/// Bytes with much UTF-8 structure: whole characters, characters cut short,
/// stray continuation bytes and any byte.
fn utf8ish() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        any::<char>().prop_map(|c| c.to_string().into_bytes()),
        (any::<char>(), 0usize..4).prop_map(|(c, cut)| {
            let bytes = c.to_string().into_bytes();
            bytes[..cut.min(bytes.len())].to_vec()
        }),
        (0x80u8..0xC0).prop_map(|b| vec![b]),
        any::<u8>().prop_map(|b| vec![b]),
        Just(b"a".to_vec()),
    ];
    prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::cases(1000)))]

    #[test]
    fn boundaries_are_those_of_lossy_decoding(src in utf8ish()) {
        let expected = lossy_boundaries(&src);
        for (index, &boundary) in expected.iter().enumerate() {
            prop_assert_eq!(utfast::utf8::is_char_boundary(&src, index), boundary, "index {}", index);
        }
        prop_assert!(!utfast::utf8::is_char_boundary(&src, src.len() + 1));
    }

    #[test]
    fn floor_and_ceil_bracket_the_index(src in utf8ish(), index in 0usize..120) {
        let floor = utfast::utf8::floor_char_boundary(&src, index);
        let ceil = utfast::utf8::ceil_char_boundary(&src, index);
        let clamped = index.min(src.len());
        prop_assert!(floor <= clamped && clamped <= ceil && ceil <= src.len());
        prop_assert!(clamped - floor <= 3 && ceil - clamped <= 3);
        prop_assert!(utfast::utf8::is_char_boundary(&src, floor));
        prop_assert!(utfast::utf8::is_char_boundary(&src, ceil));
        // Nearest: nothing in between is a boundary.
        for i in floor + 1..ceil {
            prop_assert!(!utfast::utf8::is_char_boundary(&src, i), "{} in {}..{}", i, floor, ceil);
        }
    }

    #[test]
    fn boundaries_of_valid_text_are_std(text in any::<String>(), index in 0usize..200) {
        let bytes = text.as_bytes();
        prop_assert_eq!(utfast::utf8::floor_char_boundary(bytes, index), text.floor_char_boundary(index));
        prop_assert_eq!(utfast::utf8::ceil_char_boundary(bytes, index), text.ceil_char_boundary(index));
        prop_assert_eq!(utfast::utf8::is_char_boundary(bytes, index), text.is_char_boundary(index));
    }

    #[test]
    fn incomplete_tail_agrees_with_std(src in utf8ish()) {
        let k = utfast::utf8::incomplete_tail_len(&src);
        prop_assert!(k <= 3 && k <= src.len());
        prop_assert_eq!(utfast::utf8::trim_incomplete_tail(&src), &src[..src.len() - k]);
        if k > 0 {
            let error = std::str::from_utf8(&src[src.len() - k..]).unwrap_err();
            prop_assert_eq!((error.valid_up_to(), error.error_len()), (0, None));
        }
        match std::str::from_utf8(&src) {
            Err(error) if error.error_len().is_none() => {
                prop_assert_eq!(k, src.len() - error.valid_up_to());
            }
            Ok(_) => prop_assert_eq!(k, 0),
            Err(_) => {}
        }
    }

    #[test]
    fn detection_is_the_same_on_every_kernel_and_sound(src in utf8ish()) {
        let found = detect(&src);
        prop_assert!((0.0..=1.0).contains(&found.confidence()));
        prop_assert!(found.bom_len() <= src.len());
        if found.bom_len() > 0 {
            prop_assert_eq!(Some(&src[..found.bom_len()]), found.encoding().bom());
        }
        // A confident answer is always valid in its encoding.
        if found.confidence() >= 0.75 {
            prop_assert!(decodes(&src[found.bom_len()..], found.encoding()), "{:?}", found);
        }
        let prefix = detect_prefix(&src);
        prop_assert!((0.0..=1.0).contains(&prefix.confidence()));
    }
}

/// Whether std decodes `bytes` in `encoding` without error.
fn decodes(bytes: &[u8], encoding: Encoding) -> bool {
    let units16 = |big: bool| -> Option<Vec<u16>> {
        bytes.len().is_multiple_of(2).then(|| {
            bytes
                .chunks_exact(2)
                .map(|p| {
                    if big {
                        u16::from_be_bytes([p[0], p[1]])
                    } else {
                        u16::from_le_bytes([p[0], p[1]])
                    }
                })
                .collect()
        })
    };
    let chars32 = |big: bool| {
        bytes.len().is_multiple_of(4)
            && bytes.chunks_exact(4).all(|p| {
                let p = [p[0], p[1], p[2], p[3]];
                char::from_u32(if big {
                    u32::from_be_bytes(p)
                } else {
                    u32::from_le_bytes(p)
                })
                .is_some()
            })
    };
    match encoding {
        Encoding::Utf8 => std::str::from_utf8(bytes).is_ok(),
        Encoding::Utf16Le => {
            units16(false).is_some_and(|u| char::decode_utf16(u).all(|c| c.is_ok()))
        }
        Encoding::Utf16Be => {
            units16(true).is_some_and(|u| char::decode_utf16(u).all(|c| c.is_ok()))
        }
        Encoding::Utf32Le => chars32(false),
        Encoding::Utf32Be => chars32(true),
        Encoding::Windows1252 => true,
        other => unreachable!("{other} is never detected"),
    }
}

/// A reader is judged on its first `READ_LIMIT` bytes: an input of exactly
/// that many is judged whole, a longer one as a prefix (a character cut by the
/// limit does not count against UTF-8); small reads fill the prefix.
#[test]
fn readers_are_judged_on_their_first_mebibyte() {
    struct Trickle<'a>(&'a [u8]);
    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(self.0.len()).min(4093);
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let limit = utfast::detect::READ_LIMIT;
    let data = "€".repeat(limit / 3 + 1).into_bytes();
    assert_ne!(limit % 3, 0, "the limit cuts a character");
    for (data, encoding, read) in [
        (&data[..limit], Encoding::Windows1252, limit),
        (&data[..], Encoding::Utf8, limit + 1),
    ] {
        let (found, head) = utfast::detect::read_encoding(Trickle(data)).unwrap();
        assert_eq!((found.encoding(), head.len()), (encoding, read));
        assert_eq!(head, data[..read]);
    }
}
