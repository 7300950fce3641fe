//! Fuzz target: streaming. The input encoding, output encoding, error mode and a
//! seed come from the first four bytes; the rest is the input. On every kernel,
//! the `Transcoder` fed the input in chunks cut where the seed says, into output
//! slices of the sizes it says, must give exactly the output and the errors of
//! the whole input in one call; `Utf8Validator` on the same cuts must report
//! exactly `std::str::from_utf8`'s error; strict UTF-8 must stop where std does,
//! and replacing UTF-8 to UTF-8 must be `String::from_utf8_lossy`;
//! `stream::transcode_copy` over a reader that hands out the same pieces must
//! give the one-call output, or stop at its first error.
#![no_main]

#[path = "../../tests/model/stream.rs"]
mod feeding;

use feeding::{feed, one_shot, Outcome};
use libfuzzer_sys::fuzz_target;
use utfast::{stream::Transcoder, stream::Utf8Validator, Encoding, Engine, ErrorMode, Kernel};
use utfast_fuzz::lazy;

/// Cut offsets and output sizes from `seed`: a small linear congruential walk.
fn cuts_and_sizes(seed: u8, len: usize) -> (Vec<usize>, Vec<usize>) {
    let mut state = u32::from(seed).wrapping_mul(2_654_435_761) | 1;
    let mut next = |bound: u32| {
        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (state >> 16) % bound
    };
    let mut cuts = Vec::new();
    let mut at = 0;
    while at < len {
        at += next(8) as usize * next(8) as usize; // 0 (an empty chunk) to 49
        cuts.push(at.min(len));
    }
    let sizes = (0..4).map(|_| 1 + next(40) as usize).collect();
    (cuts, sizes)
}

/// Hands out the input a piece at a time, cut at `cuts`.
struct Pieces<'a> {
    input: &'a [u8],
    cuts: &'a [usize],
    at: usize,
}

impl std::io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let end = match self.cuts.iter().find(|&&cut| cut > self.at) {
            Some(&cut) => cut,
            None => self.input.len(),
        };
        let n = (end - self.at).min(buf.len());
        buf[..n].copy_from_slice(&self.input[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// `stream::transcode_copy` of the input read in the pieces `cuts` makes
/// gives the one-call output (and the input's length), or stops at its first
/// error with the one-call output of the input before it.
fn check_copy(input: &[u8], cuts: &[usize], t: Transcoder, reference: &Outcome) {
    let (from, to, mode) = (t.from(), t.to(), t.mode());
    let reader = Pieces { input, cuts, at: 0 };
    let mut out = Vec::new();
    let result = utfast::stream::transcode_copy(reader, &mut out, t, true).unwrap();
    match reference.errors.first() {
        None => {
            assert_eq!(result, Ok(input.len() as u64));
            assert_eq!(out, reference.output);
        }
        Some(&first) => {
            let error = result.unwrap_err();
            assert_eq!(error.error(), first);
            let before = &input[..first.offset() as usize];
            let again = one_shot(Transcoder::new(from, to, mode), before);
            assert_eq!(again.output, out);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let [from, to, mode, seed, ref input @ ..] = *data else {
        return;
    };
    let from = Encoding::ALL[from as usize % Encoding::ALL.len()];
    let to = Encoding::ALL[to as usize % Encoding::ALL.len()];
    let mode = ErrorMode::ALL[mode as usize % ErrorMode::ALL.len()];
    let (cuts, sizes) = cuts_and_sizes(seed, input.len());
    let reference = one_shot(Transcoder::new(from, to, mode), input);
    for kernel in Kernel::available() {
        let engine = Engine::new(kernel).unwrap();
        let what = lazy(|f| {
            write!(
                f,
                "{kernel:?} {from} -> {to} {mode} {cuts:?} {sizes:?} {input:02x?}"
            )
        });
        let t = || Transcoder::with_engine(engine, from, to, mode);
        assert_eq!(one_shot(t(), input), reference, "one call: {what}");
        assert_eq!(feed(t(), input, &cuts, &sizes), reference, "cut: {what}");

        let want = std::str::from_utf8(input)
            .map(|s| s.len() as u64)
            .map_err(|e| (e.valid_up_to() as u64, e.error_len()));
        // On this kernel, and as `new()` makes it (the active kernel's fast path).
        for mut validator in [Utf8Validator::with_engine(engine), Utf8Validator::new()] {
            let mut start = 0;
            for &cut in &cuts {
                let _ = validator.update(&input[start..cut]);
                start = cut;
            }
            let _ = validator.update(&input[start..]);
            let got = validator
                .finish()
                .map_err(|e| (e.valid_up_to(), e.error_len()));
            assert_eq!(got, want, "validator: {what}");
        }
    }
    check_copy(input, &cuts, Transcoder::new(from, to, mode), &reference);
    if from == Encoding::Utf8 && to == Encoding::Utf8 {
        match mode {
            ErrorMode::Strict => {
                let first = reference
                    .errors
                    .first()
                    .map(|e| (e.offset() as usize, e.error_len()));
                let std = std::str::from_utf8(input).err();
                assert_eq!(first, std.map(|e| (e.valid_up_to(), e.error_len())));
            }
            ErrorMode::Replace => {
                assert_eq!(reference.output, String::from_utf8_lossy(input).as_bytes());
            }
            _ => {}
        }
    }
});
