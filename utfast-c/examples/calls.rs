//! The Rust twin of `benches/calls.c`: `utfast::utf8::to_utf16` (little-endian)
//! and `utfast::validate_utf8` on 1000 strings of LEN bytes, one call each,
//! the same strings and the same loop, printed the same way. Each is measured
//! called directly (inlined into the loop, as a Rust caller gets it) and
//! through a `fn` pointer (a call the optimiser cannot see through, as the
//! C program's are). `scripts/c-calls.sh` runs both programs in turns.
//!
//! ```text
//! cargo run --release -p utfast-c --example calls -- 64
//! ```

use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

use utfast::{ByteOrder, Utf8Error};

/// Strings per round.
const STRINGS: usize = 1000;

/// `STRINGS` strings of `len` bytes: `pattern` repeated from each string's start.
fn strings(pattern: &[u8], len: usize) -> Vec<u8> {
    (0..STRINGS * len)
        .map(|i| pattern[(i % len) % pattern.len()])
        .collect()
}

/// Best of `rounds` of `f` over every string, `reps` times, in ns a call.
fn best(rounds: usize, reps: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let mut total = 0;
    let best = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..reps {
                total += f();
            }
            start.elapsed().as_secs_f64() * 1e9 / (STRINGS * reps) as f64
        })
        .fold(f64::INFINITY, f64::min);
    (best, total)
}

type ToUtf16 = fn(&[u8], &mut [u16], ByteOrder) -> Result<usize, Utf8Error>;
type Validate = fn(&[u8]) -> bool;

fn measure(name: &str, data: &[u8], len: usize, reps: usize, rounds: usize) {
    let mut units = vec![0u16; len];
    let each = |i: usize| &data[i * len..(i + 1) * len];
    let (direct, t1) = best(rounds, reps, || {
        (0..STRINGS)
            .map(|i| {
                let s = black_box(each(i));
                utfast::utf8::to_utf16(s, &mut units, ByteOrder::Little).unwrap_or(0)
            })
            .sum()
    });
    let to_utf16: ToUtf16 = black_box(utfast::utf8::to_utf16);
    let (pointer, t2) = best(rounds, reps, || {
        (0..STRINGS)
            .map(|i| to_utf16(black_box(each(i)), &mut units, ByteOrder::Little).unwrap_or(0))
            .sum()
    });
    let (v_direct, t3) = best(rounds, reps, || {
        (0..STRINGS)
            .map(|i| utfast::validate_utf8(black_box(each(i))) as usize)
            .sum()
    });
    let validate: Validate = black_box(utfast::validate_utf8);
    let (v_pointer, t4) = best(rounds, reps, || {
        (0..STRINGS)
            .map(|i| validate(black_box(each(i))) as usize)
            .sum()
    });
    let line = format!(
        "rust {name} {len} utf8_to_utf16le {pointer:.3} validate_utf8 {v_pointer:.3} \
         inlined {direct:.3} {v_direct:.3} ({})",
        t1 + t2 + t3 + t4
    );
    // A closed pipe (`| head`) ends the output, not the program with a panic.
    let _ = writeln!(std::io::stdout(), "{line}");
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().ok());
    let (Some(Some(len)), reps, rounds) = (args.next(), args.next(), args.next()) else {
        eprintln!("usage: calls LEN [REPS [ROUNDS]]");
        std::process::exit(2);
    };
    let reps = reps.flatten().unwrap_or(2000);
    let rounds = rounds.flatten().unwrap_or(5);
    if len == 0 || len % 8 != 0 || reps == 0 || rounds == 0 {
        eprintln!("calls: LEN must be a positive multiple of 8, REPS and ROUNDS positive");
        std::process::exit(2);
    }
    measure(
        "ascii",
        &strings(b"abcdefghijklmnopqrstuvwxyz", len),
        len,
        reps,
        rounds,
    );
    measure(
        "mixed",
        &strings("abé€.".as_bytes(), len),
        len,
        reps,
        rounds,
    );
}
