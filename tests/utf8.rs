//! UTF-8 validation conformance: every kernel this CPU supports, the free functions
//! and the scalar reference against `std::str::from_utf8`, on exhaustive boundary
//! cases placed around 16/32/64-byte block edges and on random corrupted text.

mod common;

use common::{cases, engines, quick, EDGE_BYTES};
use proptest::prelude::*;
use utfast::{Engine, Kernel, Utf8ErrorKind};

/// Checks every implementation against std on `input`; returns whether std found
/// it valid.
fn check(input: &[u8], engines: &[Engine]) -> bool {
    let std = std::str::from_utf8(input)
        .map(|_| ())
        .map_err(|e| (e.valid_up_to(), e.error_len()));
    let reference = utfast::reference::utf8::validate(input);
    let as_pair =
        |r: Result<(), utfast::Utf8Error>| r.map_err(|e| (e.valid_up_to(), e.error_len()));
    assert_eq!(as_pair(reference), std, "reference vs std on {input:02X?}");
    for engine in engines {
        let got = engine.from_utf8(input);
        assert_eq!(
            got.map(|_| ()),
            reference,
            "{} from_utf8 vs reference on {input:02X?}",
            engine.kernel()
        );
        assert_eq!(
            engine.validate_utf8(input),
            std.is_ok(),
            "{} validate_utf8 on {input:02X?}",
            engine.kernel()
        );
    }
    assert_eq!(
        utfast::from_utf8(input).map(|_| ()),
        reference,
        "free from_utf8 on {input:02X?}"
    );
    assert_eq!(
        utfast::validate_utf8(input),
        std.is_ok(),
        "free validate_utf8 on {input:02X?}"
    );
    std.is_ok()
}

/// Offsets around the 16-, 32- and 64-byte edges (and the second 64-byte block).
const OFFSETS: &[usize] = &[
    0, 1, 2, 13, 14, 15, 16, 29, 30, 31, 32, 33, 60, 61, 62, 63, 64, 65, 125, 126, 127, 128,
];

/// A reduced set for slow runs (`UTFAST_TEST_QUICK=1`, e.g. under qemu): still one
/// offset on each side of every block edge.
const QUICK_OFFSETS: &[usize] = &[0, 15, 16, 31, 32, 62, 63, 64, 127];

fn offsets() -> &'static [usize] {
    if quick() {
        QUICK_OFFSETS
    } else {
        OFFSETS
    }
}

/// Places `seq` after `offset` filler bytes (ASCII, or two-byte characters so
/// blocks are not ASCII) and before `suffix` ASCII bytes, and checks everything.
fn check_placed(seq: &[u8], engines: &[Engine], offsets: &[usize], suffixes: &[usize]) {
    let mut buf = Vec::with_capacity(256);
    for &offset in offsets {
        for &suffix in suffixes {
            for non_ascii_filler in [false, true] {
                buf.clear();
                if non_ascii_filler {
                    // "é" = C3 A9; pad an odd offset with one ASCII byte.
                    for _ in 0..offset / 2 {
                        buf.extend_from_slice("é".as_bytes());
                    }
                    if offset % 2 == 1 {
                        buf.push(b'x');
                    }
                } else {
                    buf.resize(offset, b'a');
                }
                buf.extend_from_slice(seq);
                buf.resize(buf.len() + suffix, b'z');
                check(&buf, engines);
            }
        }
    }
}

#[test]
fn this_build_has_the_kernels_of_its_architecture() {
    let kernels: Vec<Kernel> = Kernel::available().collect();
    eprintln!("kernels under test: {kernels:?}");
    assert!(kernels.contains(&Kernel::Scalar));
    #[cfg(target_arch = "x86_64")]
    {
        assert_eq!(
            kernels.contains(&Kernel::Sse42),
            is_x86_feature_detected!("sse4.2")
        );
        assert_eq!(
            kernels.contains(&Kernel::Avx2),
            is_x86_feature_detected!("avx2")
        );
        assert_eq!(
            kernels.contains(&Kernel::Avx512),
            is_x86_feature_detected!("avx512bw") && is_x86_feature_detected!("avx512vbmi2")
        );
        assert!(Engine::new(Kernel::Neon).is_err());
    }
    #[cfg(target_arch = "aarch64")]
    {
        assert!(kernels.contains(&Kernel::Neon));
        assert!(Engine::new(Kernel::Avx2).is_err());
    }
    assert_eq!(Engine::active().kernel(), *kernels.last().unwrap());
}

#[test]
fn empty_and_tiny_inputs() {
    let engines = engines();
    check(b"", &engines);
    for len in 0..200 {
        check(&vec![b'q'; len], &engines);
        check("é".repeat(len).as_bytes(), &engines);
    }
}

#[test]
fn exhaustive_one_and_two_bytes() {
    let engines = engines();
    for a in 0..=255u8 {
        check_placed(&[a], &engines, offsets(), &[0, 1, 40]);
        for b in 0..=255u8 {
            let edges: &[usize] = if quick() {
                &[0, 63]
            } else {
                &[0, 15, 31, 62, 63, 64]
            };
            check_placed(&[a, b], &engines, edges, &[0, 3]);
        }
    }
}

#[test]
fn exhaustive_three_bytes_at_edges() {
    let engines = engines();
    for a in 0..=255u8 {
        for &b in &EDGE_BYTES {
            for &c in &EDGE_BYTES {
                check_placed(&[a, b, c], &engines, offsets(), &[0, 2]);
            }
        }
    }
}

#[test]
fn exhaustive_four_bytes_at_edges() {
    let engines = engines();
    // Lead bytes that can start a four-byte sequence, and their neighbours.
    for a in [
        0x41, 0xDF, 0xE0, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF,
    ] {
        for &b in &EDGE_BYTES {
            for &c in &EDGE_BYTES {
                for &d in &EDGE_BYTES {
                    check_placed(&[a, b, c, d], &engines, offsets(), &[0, 1]);
                }
            }
        }
    }
}

#[test]
fn every_scalar_value_round_trips() {
    let engines = engines();
    // All 1,112,064 scalar values, 64 at a time after a shifting prefix.
    let chars: Vec<char> = (0..=0x10FFFFu32).filter_map(char::from_u32).collect();
    let step = if quick() { 7 } else { 1 };
    for (i, chunk) in chars.chunks(64).enumerate().step_by(step) {
        let mut s = "x".repeat(i % 5);
        s.extend(chunk);
        check(s.as_bytes(), &engines);
    }
}

#[test]
fn every_surrogate_and_too_large_value_is_rejected_with_its_kind() {
    let engines = engines();
    for cp in (0xD800u32..=0xDFFF).chain([0x110000, 0x13FFFF, 0x1FFFFF]) {
        let bytes = [
            0xE0 | (cp >> 12) as u8 & 0x0F,
            0x80 | (cp >> 6) as u8 & 0x3F,
            0x80 | cp as u8 & 0x3F,
        ];
        let four = [
            0xF0 | (cp >> 18) as u8 & 0x07,
            0x80 | (cp >> 12) as u8 & 0x3F,
            0x80 | (cp >> 6) as u8 & 0x3F,
            0x80 | cp as u8 & 0x3F,
        ];
        let input: &[u8] = if cp < 0x10000 { &bytes } else { &four };
        for engine in &engines {
            let err = engine.from_utf8(input).unwrap_err();
            let want = if cp < 0x10000 {
                Utf8ErrorKind::Surrogate
            } else {
                Utf8ErrorKind::TooLarge
            };
            assert_eq!(
                (err.valid_up_to(), err.error_len(), err.kind()),
                (0, Some(1), want)
            );
        }
        check_placed(input, &engines, &[0, 61, 62, 63, 64], &[0, 5]);
    }
}

#[test]
fn error_kinds_are_named() {
    use Utf8ErrorKind::*;
    let cases: &[(&[u8], usize, Option<usize>, Utf8ErrorKind)] = &[
        (b"a\x80", 1, Some(1), UnexpectedContinuation),
        (b"\xC3(", 0, Some(1), MissingContinuation),
        (b"\xE2\x82(", 0, Some(2), MissingContinuation),
        (b"\xF0\x9F\x98(", 0, Some(3), MissingContinuation),
        (b"\xF0\x9F\x98", 0, None, TruncatedAtEnd),
        (b"\xC0\x80", 0, Some(1), Overlong),
        (b"\xC1\xBF", 0, Some(1), Overlong),
        (b"\xE0\x9F\xBF", 0, Some(1), Overlong),
        (b"\xF0\x8F\xBF\xBF", 0, Some(1), Overlong),
        (b"\xED\xA0\x80", 0, Some(1), Surrogate),
        (b"\xF4\x90\x80\x80", 0, Some(1), TooLarge),
        (b"\xF5\x80\x80\x80", 0, Some(1), TooLarge),
        (b"\xF8\x88\x80\x80\x80", 0, Some(1), InvalidByte),
        (b"\xFF", 0, Some(1), InvalidByte),
    ];
    let engines = engines();
    for &(input, valid_up_to, error_len, kind) in cases {
        for engine in &engines {
            let err = engine.from_utf8(input).unwrap_err();
            assert_eq!(
                (err.valid_up_to(), err.error_len(), err.kind()),
                (valid_up_to, error_len, kind),
                "{input:02X?}"
            );
        }
        let err = utfast::from_utf8(input).unwrap_err();
        assert_eq!(err.kind(), kind);
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn errors_in_long_inputs_are_found_in_every_block() {
    let engines = engines();
    let text = "Gruß 🌍 мир 世界 ok ".repeat(40);
    let bytes = text.as_bytes();
    for pos in 0..bytes.len().min(700) {
        let mut bad = bytes.to_vec();
        bad[pos] = 0xFF;
        check(&bad, &engines);
        let mut cut = bytes[..pos].to_vec();
        cut.push(0xF0);
        check(&cut, &engines);
    }
}

/// Inputs of 16 MiB and more, which the AVX-512 kernel reads as from memory
/// (the bytes before each block shifted in, not loaded; lines asked for ahead):
/// an error anywhere, in a mixed stretch or in an ASCII run, is found where
/// std finds it.
#[test]
fn errors_in_inputs_read_from_memory_are_found() {
    let engines = engines();
    let mixed = "Gruß 🌍 мир 世界 ok ";
    let ascii = "plain ASCII text, long enough for a run of whole blocks. ".repeat(6);
    let mut text = String::new();
    while text.len() < (16 << 20) + 777 {
        text.push_str(&mixed.repeat(9));
        text.push_str(&ascii);
    }
    let mut bytes = text.into_bytes();
    let len = bytes.len();
    assert!(check(&bytes, &engines));
    let period = 9 * mixed.len() + ascii.len();
    let mut places = vec![0, 1, 63, 64, 127, 128, 129, 200, 1000, len / 2, len - 200];
    // At the first byte of an ASCII run far into the input, and inside it.
    let run = (8 << 20) / period * period + 9 * mixed.len();
    places.extend([run, run + 100]);
    places.extend([len - 64, len - 3, len - 1]);
    for &place in &places {
        let was = bytes[place];
        bytes[place] = 0xFF;
        assert!(!check(&bytes, &engines), "0xFF at {place}");
        bytes[place] = 0xC3;
        check(&bytes, &engines);
        bytes[place] = was;
    }
    // Cut inside a character (the last period's first emoji), near the end.
    let emoji = mixed.find('🌍').expect("the emoji is in the text");
    let cut_at = len - len % period - period + emoji + 2;
    assert!(!check(&bytes[..cut_at], &engines));
}

#[test]
fn mutable_and_owned_variants_agree() {
    let mut buf = "Ωmega".as_bytes().to_vec();
    assert_eq!(utfast::from_utf8_mut(&mut buf).unwrap(), "Ωmega");
    for engine in engines() {
        let mut buf = "Ωmega".as_bytes().to_vec();
        engine
            .from_utf8_mut(&mut buf)
            .unwrap()
            .make_ascii_uppercase();
        assert_eq!(buf, "ΩMEGA".as_bytes());
        let mut bad = b"ok\xFF".to_vec();
        assert_eq!(engine.from_utf8_mut(&mut bad).unwrap_err().valid_up_to(), 2);
    }
    let long = "é".repeat(100).into_bytes();
    assert_eq!(
        utfast::string_from_utf8(long.clone()).unwrap().into_bytes(),
        long
    );
    let mut bad = long.clone();
    bad[150] = b'!';
    let err = utfast::string_from_utf8(bad.clone()).unwrap_err();
    assert_eq!(
        err.utf8_error().valid_up_to(),
        String::from_utf8(bad.clone())
            .unwrap_err()
            .utf8_error()
            .valid_up_to()
    );
    assert_eq!(err.into_bytes(), bad);
}

/// Text drawn from every UTF-8 length class, with ASCII runs so that both the
/// ASCII shortcut and the full check run.
fn text() -> impl Strategy<Value = String> {
    let ch = prop_oneof![
        4 => proptest::char::range(' ', '~'),
        1 => proptest::char::range('\u{80}', '\u{7FF}'),
        1 => proptest::char::range('\u{800}', '\u{FFFF}'),
        1 => proptest::char::range('\u{10000}', '\u{10FFFF}'),
    ];
    // Runs of one width, so that blocks of every width (ASCII, at most 2, 3 or 4
    // bytes per character) follow each other and sequences straddle their edges.
    let run = prop_oneof![
        proptest::collection::vec(proptest::char::range(' ', '~'), 1..150),
        proptest::collection::vec(proptest::char::range('\u{80}', '\u{7FF}'), 1..80),
        proptest::collection::vec(proptest::char::range('\u{800}', '\u{FFFF}'), 1..60),
        proptest::collection::vec(proptest::char::range('\u{10000}', '\u{10FFFF}'), 1..40),
    ];
    prop_oneof![
        proptest::collection::vec(run, 1..12).prop_map(|runs| runs.into_iter().flatten().collect()),
        proptest::collection::vec(ch.clone(), 0..100).prop_map(|v| v.into_iter().collect()),
        proptest::collection::vec(ch, 0..1200).prop_map(|v| v.into_iter().collect()),
        (
            0usize..300,
            proptest::collection::vec(proptest::char::any(), 0..20)
        )
            .prop_map(|(n, v)| "a".repeat(n) + &v.into_iter().collect::<String>()),
    ]
}

#[derive(Debug, Clone)]
enum Corruption {
    Change(usize, u8),
    Truncate(usize),
    Insert(usize, u8),
    None,
}

fn corruption() -> impl Strategy<Value = Corruption> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Corruption::Change(i, b)),
        any::<usize>().prop_map(Corruption::Truncate),
        (
            any::<usize>(),
            prop_oneof![0x80u8..=0xBF, 0xC0u8..=0xFF, any::<u8>()]
        )
            .prop_map(|(i, b)| Corruption::Insert(i, b)),
        Just(Corruption::None),
    ]
}

fn corrupt(mut bytes: Vec<u8>, how: &[Corruption]) -> Vec<u8> {
    for c in how {
        let n = bytes.len();
        match *c {
            Corruption::Change(i, b) if n > 0 => bytes[i % n] = b,
            Corruption::Truncate(i) => bytes.truncate(i % (n + 1)),
            Corruption::Insert(i, b) => bytes.insert(i % (n + 1), b),
            _ => {}
        }
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(3000), ..ProptestConfig::default() })]

    #[test]
    fn valid_text_is_accepted(s in text()) {
        let engines = engines();
        prop_assert!(check(s.as_bytes(), &engines));
    }

    #[test]
    fn corrupted_text_matches_std(s in text(), how in proptest::collection::vec(corruption(), 1..4)) {
        let engines = engines();
        check(&corrupt(s.into_bytes(), &how), &engines);
    }

    #[test]
    fn random_bytes_match_std(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let engines = engines();
        check(&bytes, &engines);
    }
}
