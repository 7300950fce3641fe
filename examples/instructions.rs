//! Runs one conversion of one file many times, by utfast's active kernel or by
//! simdutf's (x86-64), so that `valgrind --tool=callgrind` can count the
//! instructions each spends: a repeatable measure where wall time is too noisy.
//!
//! ```text
//! $ UTFAST_KERNEL=sse4.2 valgrind --tool=callgrind --callgrind-out-file=/tmp/u.out \
//!     target/release/examples/instructions utf32-utf16le FILE 100 utfast
//! $ SIMDUTF_FORCE_IMPLEMENTATION=westmere valgrind --tool=callgrind \
//!     --callgrind-out-file=/tmp/s.out \
//!     target/release/examples/instructions utf32-utf16le FILE 100 simdutf
//! ```
//!
//! With `both` in place of the side, it times instead: rounds of a batch of
//! REPS conversions by each side, back to back, and prints each side's best
//! batch and the median of the rounds' time ratios (a machine whose speed
//! drifts by half within minutes still compares batches milliseconds apart):
//!
//! ```text
//! $ UTFAST_KERNEL=avx2 SIMDUTF_FORCE_IMPLEMENTATION=haswell \
//!     target/release/examples/instructions utf8-validate FILE 200 both
//! ```
//!
//! Directions: `utf8-utf16le`, `utf8-utf32`, `utf16le-utf8`, `utf32-utf8`, `utf32-utf16le`, `utf16le-utf32`,
//! `utf16le-latin1`, `utf32-latin1`, `latin1-utf8`, `utf8-latin1`, `latin1-utf16le`,
//! `latin1-utf32`, and the
//! validations `utf8-validate`, `utf16le-validate`, `utf32-validate`. FILE is UTF-8 text (for the
//! Latin-1 directions, text whose characters are all below U+0100). It prints
//! the units written (for a validation, 1 when valid), the same for both sides
//! when they agree, and on stderr the wall time of a conversion (with a large
//! FILE, the speed of inputs beyond the caches).
//!
//! With `bound` in place of the side (validations and the narrowing directions
//! `utf16le-latin1`, `utf32-latin1`, `utf32-utf16le`), the rounds also time
//! loops that read the input and write an output of the direction's size with
//! no work between (`benches/common/no_work.rs`, in several shapes of the
//! kernel's vector width and half of it, each first checked to read and
//! write every byte), and print, beside each side's best batch, the fastest
//! shape's: what moving the bytes alone costs (a guide, not a strict bound: a
//! loop with work can stream faster). `scripts/no-work-bound.py` runs it over
//! the corpus.
//!
//! ```text
//! $ UTFAST_KERNEL=avx512 SIMDUTF_FORCE_IMPLEMENTATION=icelake \
//!     target/release/examples/instructions utf16le-latin1 FILE 200 bound
//! ```
//!
//! FILE is read as Latin-1 when its name ends in `.latin1.txt`.
//!
//! The byte output starts on a page boundary, as the inputs do, or
//! `UTFAST_OUT_SKIP` bytes past one: output addresses whose low twelve bits
//! differ from the input's by other than the output's lead (4K aliasing).

#[path = "../benches/common/no_work.rs"]
mod no_work;
#[path = "../benches/common/paged.rs"]
mod paged;

use paged::Paged;
use std::process::ExitCode;
use utfast::ByteOrder;

/// The inputs, in each form, and an output buffer of each unit, each large
/// enough for any direction's worst case; each starts on a page boundary, as
/// in `benches/transcode.rs` (where the allocator puts a buffer moves both
/// libraries).
struct Buffers {
    utf8: Paged<u8>,
    utf16: Paged<u16>,
    utf32: Paged<u32>,
    latin1: Paged<u8>,
    out8: Paged<u8>,
    out16: Paged<u16>,
    out32: Paged<u32>,
}

/// Rounds of batches in `both` and `bound`.
const ROUNDS: usize = 41;

/// Bytes past a page boundary where the byte output starts: `UTFAST_OUT_SKIP`,
/// or 0.
fn out_skip() -> usize {
    std::env::var("UTFAST_OUT_SKIP")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

/// The conversion `direction` of `text` by `side`, `reps` times: the units
/// written by the last, or why it cannot run.
fn run(direction: &str, text: &str, reps: usize, side: &str) -> Result<usize, String> {
    let mut b = Buffers {
        utf8: Paged::of(text.as_bytes()),
        utf16: Paged::of(&text.encode_utf16().collect::<Vec<_>>()),
        utf32: Paged::of(&text.chars().map(u32::from).collect::<Vec<_>>()),
        latin1: Paged::of(
            &text
                .chars()
                .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
                .collect::<Vec<_>>(),
        ),
        out8: Paged::zeros_past(4 * text.len() + 64, out_skip()),
        out16: Paged::zeros(2 * text.len() + 64),
        out32: Paged::zeros(text.len() + 64),
    };
    if side == "both" {
        return alternate(direction, &mut b, reps);
    }
    if side == "bound" {
        return bound(direction, &mut b, reps);
    }
    let (written, each) = batch(direction, &mut b, reps, side)?;
    eprintln!("{side} {direction}: {:.3} us a conversion", each * 1e6);
    Ok(written)
}

/// `reps` conversions by `side`: the units written by the last, and the wall
/// time of one in seconds (the batch's mean).
fn batch(
    direction: &str,
    b: &mut Buffers,
    reps: usize,
    side: &str,
) -> Result<(usize, f64), String> {
    let mut written = 0;
    let start = std::time::Instant::now();
    for _ in 0..reps {
        written = match side {
            "utfast" => utfast_convert(direction, b)?,
            "simdutf" => simdutf_convert(direction, b)?,
            _ => {
                return Err(format!(
                    "unknown side {side}: utfast, simdutf, both or bound"
                ))
            }
        };
    }
    Ok((written, start.elapsed().as_secs_f64() / reps.max(1) as f64))
}

/// Rounds of the two sides' batches back to back (which goes first alternating),
/// for a machine whose speed drifts from minute to minute: each round's ratio
/// compares batches run milliseconds apart. Prints each side's best batch and
/// the median of the rounds' ratios; returns utfast's units when both agree.
fn alternate(direction: &str, b: &mut Buffers, reps: usize) -> Result<usize, String> {
    let (mut ours, mut theirs, mut ratios) = (f64::MAX, f64::MAX, Vec::with_capacity(ROUNDS));
    let mut written = [0; 2];
    for round in 0..ROUNDS {
        let order = if round % 2 == 0 {
            ["utfast", "simdutf"]
        } else {
            ["simdutf", "utfast"]
        };
        let mut times = [0.0; 2];
        for side in order {
            let (n, each) = batch(direction, b, reps, side)?;
            let k = usize::from(side == "simdutf");
            (times[k], written[k]) = (each, n);
        }
        ours = ours.min(times[0]);
        theirs = theirs.min(times[1]);
        ratios.push(times[1] / times[0]);
    }
    ratios.sort_by(f64::total_cmp);
    eprintln!(
        "both {direction}: utfast {:.3} us, simdutf {:.3} us a conversion (best batches); simdutf / utfast time: median {:.3} of {ROUNDS} rounds (quartiles {:.3}, {:.3})",
        ours * 1e6,
        theirs * 1e6,
        ratios[ROUNDS / 2],
        ratios[ROUNDS / 4],
        ratios[3 * ROUNDS / 4]
    );
    if written[0] != written[1] {
        return Err(format!(
            "the sides disagree: {} and {} units",
            written[0], written[1]
        ));
    }
    Ok(written[0])
}

/// The kernel's vector width in bytes: `UTFAST_KERNEL`'s (sse4.2 16, avx2
/// 32, avx512 64), or the widest this CPU has.
fn kernel_width() -> usize {
    match std::env::var("UTFAST_KERNEL").as_deref() {
        Ok("sse4.2") | Ok("neon") | Ok("scalar") => 16,
        Ok("avx2") => 32,
        Ok("avx512") => 64,
        _ => [64, 32, 16]
            .into_iter()
            .find(|&w| !no_work::shapes(w, 0).is_empty())
            .unwrap_or(16),
    }
}

/// Rounds of utfast's, simdutf's and each no-work shape's batches (the order
/// turned by one each round); prints each one's best batch and the fastest
/// shape's ratio to simdutf. Returns utfast's units when both sides agree.
fn bound(direction: &str, b: &mut Buffers, reps: usize) -> Result<usize, String> {
    let (input, ratio): (Vec<u8>, usize) = match direction {
        "utf16le-latin1" => (b.utf16.iter().flat_map(|u| u.to_le_bytes()).collect(), 2),
        "utf32-latin1" => (b.utf32.iter().flat_map(|u| u.to_le_bytes()).collect(), 4),
        "utf32-utf16le" => (b.utf32.iter().flat_map(|u| u.to_le_bytes()).collect(), 2),
        "utf8-validate" => (b.utf8.to_vec(), 0),
        "utf16le-validate" => (b.utf16.iter().flat_map(|u| u.to_le_bytes()).collect(), 0),
        "utf32-validate" => (b.utf32.iter().flat_map(|u| u.to_le_bytes()).collect(), 0),
        _ => {
            return Err(format!(
                "bound: {direction} is not a validation or a narrowing direction"
            ))
        }
    };
    let width = kernel_width();
    let mut shapes = no_work::shapes(width, ratio);
    if width > 16 {
        shapes.extend(no_work::shapes(width / 2, ratio));
    }
    if shapes.is_empty() {
        return Err("bound: the no-work loops run on x86-64 only".into());
    }
    let input = Paged::of(&input);
    let out_len = input.len().checked_div(ratio).unwrap_or(0);
    let mut out = Paged::<u8>::zeros_past(out_len, out_skip());
    for shape in &shapes {
        no_work::check(shape, &input, &mut out)?;
    }
    let mut best = vec![f64::MAX; shapes.len() + 2];
    let mut written = [0; 2];
    let entries = shapes.len() + 2;
    for round in 0..ROUNDS {
        for k in (0..entries).map(|k| (k + round) % entries) {
            let each = if k < 2 {
                let side = ["utfast", "simdutf"][k];
                let (n, each) = batch(direction, b, reps, side)?;
                written[k] = n;
                each
            } else {
                let run = shapes[k - 2].run;
                let start = std::time::Instant::now();
                for _ in 0..reps {
                    std::hint::black_box(run(std::hint::black_box(&input), &mut out));
                }
                start.elapsed().as_secs_f64() / reps.max(1) as f64
            };
            best[k] = best[k].min(each);
        }
    }
    let gbs = |t: f64| input.len() as f64 / t / 1e9;
    for (k, t) in best.iter().enumerate() {
        let name = match k {
            0 => "utfast",
            1 => "simdutf",
            _ => &shapes[k - 2].name,
        };
        eprintln!("  {name:<16} {:8.3} us  {:7.2} GB/s", t * 1e6, gbs(*t));
    }
    let (fastest, at) =
        best[2..].iter().enumerate().fold(
            (f64::MAX, 0),
            |(t, at), (k, &x)| if x < t { (x, k) } else { (t, at) },
        );
    println!(
        "bound {direction}: utfast {:.3} us, simdutf {:.3} us, no work {:.3} us ({}); utfast / simdutf {:.3}, no work / simdutf {:.3}",
        best[0] * 1e6,
        best[1] * 1e6,
        fastest * 1e6,
        shapes.get(at).map_or("none", |s| s.name.as_str()),
        best[1] / best[0],
        best[1] / fastest
    );
    if written[0] != written[1] {
        return Err(format!(
            "the sides disagree: {} and {} units",
            written[0], written[1]
        ));
    }
    Ok(written[0])
}

fn utfast_convert(direction: &str, b: &mut Buffers) -> Result<usize, String> {
    let le = ByteOrder::Little;
    let failed = |e: &dyn std::fmt::Debug| format!("{direction}: {e:?}");
    match direction {
        "utf8-utf16le" => utfast::utf8::to_utf16(&b.utf8, &mut b.out16, le).map_err(|e| failed(&e)),
        "utf8-utf32" => utfast::utf8::to_utf32(&b.utf8, &mut b.out32).map_err(|e| failed(&e)),
        "utf16le-utf8" => utfast::utf16::to_utf8(&b.utf16, &mut b.out8, le).map_err(|e| failed(&e)),
        "utf32-utf8" => utfast::utf32::to_utf8(&b.utf32, &mut b.out8).map_err(|e| failed(&e)),
        "utf32-utf16le" => {
            utfast::utf32::to_utf16(&b.utf32, &mut b.out16, le).map_err(|e| failed(&e))
        }
        "utf16le-utf32" => {
            utfast::utf16::to_utf32(&b.utf16, &mut b.out32, le).map_err(|e| failed(&e))
        }
        "utf16le-latin1" => {
            utfast::utf16::to_latin1(&b.utf16, &mut b.out8, le).map_err(|e| failed(&e))
        }
        "utf32-latin1" => utfast::utf32::to_latin1(&b.utf32, &mut b.out8).map_err(|e| failed(&e)),
        "latin1-utf8" => {
            Ok(utfast::latin1::to_utf8(&b.latin1, &mut b.out8).map_err(|e| failed(&e))?)
        }
        "utf8-latin1" => utfast::utf8::to_latin1(&b.utf8, &mut b.out8).map_err(|e| failed(&e)),
        "latin1-utf16le" => {
            utfast::latin1::to_utf16(&b.latin1, &mut b.out16, le).map_err(|e| failed(&e))
        }
        "latin1-utf32" => utfast::latin1::to_utf32(&b.latin1, &mut b.out32).map_err(|e| failed(&e)),
        "utf8-validate" => Ok(usize::from(utfast::validate_utf8(&b.utf8))),
        "utf16le-validate" => Ok(usize::from(utfast::utf16::validate(&b.utf16, le))),
        "utf32-validate" => Ok(usize::from(utfast::utf32::validate(&b.utf32))),
        _ => Err(format!("unknown direction {direction}")),
    }
}

#[cfg(target_arch = "x86_64")]
fn simdutf_convert(direction: &str, b: &mut Buffers) -> Result<usize, String> {
    let (s16, s32, sl) = (b.utf16.as_ptr(), b.utf32.as_ptr(), b.latin1.as_ptr());
    let (d8, d16, d32) = (
        b.out8.as_mut_ptr(),
        b.out16.as_mut_ptr(),
        b.out32.as_mut_ptr(),
    );
    let (n16, n32, nl) = (b.utf16.len(), b.utf32.len(), b.latin1.len());
    // SAFETY: each output buffer holds the direction's worst case (4 bytes, 2
    // units or 1 value per byte of the UTF-8 text); simdutf reads the given
    // lengths only.
    let n = unsafe {
        match direction {
            "utf8-utf16le" => simdutf::convert_utf8_to_utf16le(b.utf8.as_ptr(), b.utf8.len(), d16),
            "utf8-utf32" => simdutf::convert_utf8_to_utf32(b.utf8.as_ptr(), b.utf8.len(), d32),
            "utf16le-utf8" => simdutf::convert_utf16le_to_utf8(s16, n16, d8),
            "utf32-utf8" => simdutf::convert_utf32_to_utf8(s32, n32, d8),
            "utf32-utf16le" => simdutf::convert_utf32_to_utf16le(s32, n32, d16),
            "utf16le-utf32" => simdutf::convert_utf16le_to_utf32(s16, n16, d32),
            "utf16le-latin1" => simdutf::convert_utf16le_to_latin1(s16, n16, d8),
            "utf32-latin1" => simdutf::convert_utf32_to_latin1(s32, n32, d8),
            "latin1-utf8" => simdutf::convert_latin1_to_utf8(sl, nl, d8),
            "utf8-latin1" => simdutf::convert_utf8_to_latin1(b.utf8.as_ptr(), b.utf8.len(), d8),
            "latin1-utf16le" => simdutf::convert_latin1_to_utf16le(sl, nl, d16),
            "latin1-utf32" => simdutf::convert_latin1_to_utf32(sl, nl, d32),
            "utf8-validate" => usize::from(simdutf::validate_utf8(&b.utf8)),
            "utf16le-validate" => usize::from(simdutf::validate_utf16le(&b.utf16)),
            "utf32-validate" => usize::from(simdutf::validate_utf32(&b.utf32)),
            _ => return Err(format!("unknown direction {direction}")),
        }
    };
    Ok(n)
}

#[cfg(not(target_arch = "x86_64"))]
fn simdutf_convert(_: &str, _: &mut Buffers) -> Result<usize, String> {
    Err("simdutf is compared on x86-64 only".into())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [direction, file, reps, side] = &args[..] else {
        eprintln!("usage: instructions DIRECTION FILE REPS utfast|simdutf|both|bound");
        return ExitCode::from(2);
    };
    let text = if file.ends_with(".latin1.txt") {
        std::fs::read(file).map(|bytes| bytes.into_iter().map(char::from).collect())
    } else {
        std::fs::read_to_string(file)
    };
    let text: String = match text {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {file} as text: {e}");
            return ExitCode::from(2);
        }
    };
    let Ok(reps) = reps.parse() else {
        eprintln!("error: REPS must be a count, not {reps}");
        return ExitCode::from(2);
    };
    match run(direction, &text, reps, side) {
        Ok(n) => {
            println!("{n}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
