//! `utfast::parallel` (feature `parallel`): every answer equals the single-threaded
//! one of the same kernel, whatever the thread count and wherever the pieces are
//! cut: validity, the error (position, length, kind, units written) and the output.

mod common;

use proptest::prelude::*;
use utfast::parallel::Parallel;
use utfast::sample::{self, Script};
use utfast::{ByteOrder, Engine, Utf8Error};

/// Thread counts to try: one, two, and more pieces than this machine has cores.
const THREADS: [usize; 4] = [1, 2, 3, 7];

/// The single-threaded conversion to UTF-16LE: its result and its output up to
/// the units it says it wrote.
fn sequential(engine: Engine, src: &[u8], room: usize) -> (Result<usize, Utf8Error>, Vec<u16>) {
    let mut out = vec![0u16; room];
    let result = engine.utf8_to_utf16(src, &mut out, ByteOrder::Little);
    let written = match result {
        Ok(n) => n,
        Err(e) => e.written(),
    };
    out.truncate(written);
    (result, out)
}

/// Checks every parallel answer on `src` against the sequential ones, for every
/// kernel and thread count, with pieces of any size, and an output of `room` units.
fn check(src: &[u8], room: usize) {
    for engine in common::engines() {
        let expected_check = engine.from_utf8(src).map(str::len);
        let (expected, expected_out) = sequential(engine, src, room);
        for threads in THREADS {
            let par = Parallel::new()
                .with_engine(engine)
                .with_threads(threads)
                .with_min_len(0);
            let what = format!(
                "{} kernel, {threads} threads, {} bytes",
                engine.kernel(),
                src.len()
            );
            assert_eq!(par.from_utf8(src).map(str::len), expected_check, "{what}");
            assert_eq!(par.validate_utf8(src), expected_check.is_ok(), "{what}");
            let mut out = vec![0u16; room];
            let result = par.utf8_to_utf16(src, &mut out, ByteOrder::Little);
            assert_eq!(result, expected, "{what}");
            let written = result.unwrap_or_else(|e| e.written());
            assert_eq!(out[..written], expected_out[..], "{what}");
        }
    }
}

/// Mixed-script text of about `len` bytes.
fn text(len: usize, seed: u64) -> Vec<u8> {
    sample::text(Script::Mixed, len, seed).into_bytes()
}

#[test]
fn valid_text_of_every_script_and_many_lengths() {
    for script in Script::ALL {
        for len in [0, 1, 2, 3, 4, 5, 7, 16, 63, 64, 65, 200, 1000, 4099] {
            let src = sample::text(script, len, sample::SEED).into_bytes();
            check(&src, src.len());
        }
    }
}

#[test]
fn one_error_anywhere_near_the_cuts() {
    let src = text(600, 7);
    // With 2, 3 and 7 pieces the cuts fall near multiples of len/2, len/3, len/7:
    // put each kind of fault at every position, so that some land on, just before
    // and just after every cut.
    for at in 0..src.len() {
        for fault in [0x80u8, 0xFF, 0xC2, 0xE2, 0xF0, 0xED] {
            let mut bad = src.clone();
            bad[at] = fault;
            check(&bad, bad.len());
        }
    }
}

#[test]
fn runs_of_continuation_bytes_longer_than_a_character() {
    // No character start within three bytes of a cut: the cut falls inside the
    // run, and the answer must still be the sequential one.
    for run in [1, 3, 4, 5, 40, 500] {
        let mut src = text(300, 3);
        let middle = src.len() / 2;
        src.splice(middle..middle, std::iter::repeat_n(0x80, run));
        check(&src, src.len());
    }
    check(&[0x80; 1000], 1000);
}

#[test]
fn output_too_small_is_reported_as_by_the_sequential_conversion() {
    let src = text(2000, 11);
    let needed = utfast::utf8::utf16_len(&src);
    for room in [0, 1, needed / 2, needed - 1, needed, needed + 1] {
        check(&src, room);
    }
}

#[test]
fn large_inputs_split_with_the_default_threshold() {
    let src = text(9 << 20, 5);
    let par = Parallel::new().with_threads(2);
    assert!(src.len() >= par.min_len());
    assert!(par.validate_utf8(&src));
    let mut out = vec![0u16; src.len()];
    let n = par
        .utf8_to_utf16(&src, &mut out, ByteOrder::Little)
        .unwrap();
    let (expected, expected_out) = sequential(Engine::active(), &src, src.len());
    assert_eq!(Ok(n), expected);
    assert_eq!(out[..n], expected_out[..]);
    // An error in the second half, and one in the first.
    for at in [src.len() * 3 / 4, src.len() / 4] {
        let mut bad = src.clone();
        let start = (at..).find(|&i| (bad[i] as i8) >= -0x40).unwrap();
        bad[start] = 0xFF;
        assert_eq!(
            par.from_utf8(&bad).unwrap_err(),
            utfast::from_utf8(&bad).unwrap_err()
        );
        let mut out = vec![0u16; bad.len()];
        let err = par
            .utf8_to_utf16(&bad, &mut out, ByteOrder::Little)
            .unwrap_err();
        let (expected, expected_out) = sequential(Engine::active(), &bad, bad.len());
        assert_eq!(Err(err), expected);
        assert_eq!(out[..err.written()], expected_out[..]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::cases(64)))]

    #[test]
    fn random_bytes_and_corrupted_text(
        seed in any::<u64>(),
        len in 0usize..3000,
        faults in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
    ) {
        let mut src = text(len, seed);
        if !src.is_empty() {
            for (at, byte) in faults {
                let i = at.index(src.len());
                src[i] = byte;
            }
        }
        check(&src, src.len());
    }
}
