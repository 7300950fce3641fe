//! UTF-8 validation of inputs larger than the caches: utfast's active kernel,
//! simdutf's (x86-64) and a plain read loop over the same bytes, in one
//! process, alternating, round after round. The criterion benchmarks' corpus
//! files sit in L2; this is how a 5 GB stream or a memory-mapped file is read.
//!
//! ```text
//! $ cargo run --release --example large_inputs -- FILE SIZE [ROUNDS]
//! $ UTFAST_KERNEL=avx2 SIMDUTF_FORCE_IMPLEMENTATION=haswell \
//!     target/release/examples/large_inputs FILE 200000000 5
//! ```
//!
//! FILE is UTF-8 text, repeated up to SIZE bytes (cut at a character
//! boundary) in a buffer that starts on a page boundary. Each round validates
//! the whole buffer about 2 GB worth of times on each side and prints GB/s of
//! input; the read loop ORs every 64-byte vector together (AVX-512 where the
//! CPU has it, else 8 bytes at a time), the most a validator could reach.

#[path = "../benches/common/paged.rs"]
mod paged;

use paged::Paged;
use std::process::ExitCode;
use std::time::Instant;

/// One side's answer for `data`: whether it is valid (the read loop: whether
/// any byte was not zero, which only keeps the loop from being dropped).
fn run(side: &str, data: &[u8]) -> bool {
    match side {
        "utfast" => utfast::validate_utf8(data),
        #[cfg(target_arch = "x86_64")]
        "simdutf" => simdutf::validate_utf8(data),
        _ => read(data),
    }
}

/// ORs every byte of `data` together; true when any was not zero.
fn read(data: &[u8]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the CPU has AVX-512 F.
        return unsafe { read_avx512(data) };
    }
    let mut acc = 0u64;
    for chunk in data.chunks_exact(8) {
        acc |= u64::from_le_bytes(chunk.try_into().unwrap_or_default());
    }
    acc != 0
}

/// [`read`] in 64-byte vectors, four a step (the bytes after the last whole
/// step are not read: a read loop's speed is what counts).
///
/// # Safety
/// The CPU supports AVX-512 F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn read_avx512(data: &[u8]) -> bool {
    use std::arch::x86_64::*;
    let mut acc = _mm512_setzero_si512();
    for step in data.chunks_exact(256) {
        let p = step.as_ptr();
        // SAFETY: each load is within `step`'s 256 bytes.
        unsafe {
            let a = _mm512_or_si512(
                _mm512_loadu_si512(p.cast()),
                _mm512_loadu_si512(p.add(64).cast()),
            );
            let b = _mm512_or_si512(
                _mm512_loadu_si512(p.add(128).cast()),
                _mm512_loadu_si512(p.add(192).cast()),
            );
            acc = _mm512_or_si512(acc, _mm512_or_si512(a, b));
        }
    }
    _mm512_reduce_or_epi64(acc) != 0
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(file), Some(Ok(size))) = (args.get(1), args.get(2).map(|s| s.parse::<usize>()))
    else {
        eprintln!("usage: large_inputs FILE SIZE [ROUNDS]  (FILE: UTF-8 text; SIZE: bytes)");
        return ExitCode::FAILURE;
    };
    let rounds = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3);
    let text = match std::fs::read(file) {
        Ok(text) if !text.is_empty() && utfast::validate_utf8(&text) => text,
        Ok(_) => {
            eprintln!("error: {file} is empty or not UTF-8; give a UTF-8 text file");
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: cannot read {file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut bytes = Vec::with_capacity(size + text.len());
    while bytes.len() < size.max(1) {
        bytes.extend_from_slice(&text);
    }
    let mut cut = size.clamp(1, bytes.len());
    while cut < bytes.len() && bytes[cut] & 0xC0 == 0x80 {
        cut -= 1;
    }
    bytes.truncate(cut);
    let data = Paged::of(&bytes);
    let reps = (2_000_000_000 / data.len()).max(3);
    let sides: &[&str] = if cfg!(target_arch = "x86_64") {
        &["utfast", "simdutf", "read"]
    } else {
        &["utfast", "read"]
    };
    println!(
        "{} bytes of {file}, {reps} passes a round; utfast kernel {}",
        data.len(),
        utfast::Engine::active().kernel()
    );
    for round in 0..rounds {
        for side in sides {
            let start = Instant::now();
            let mut valid = 0;
            for _ in 0..reps {
                valid += usize::from(run(side, std::hint::black_box(&data)));
            }
            let seconds = start.elapsed().as_secs_f64();
            if *side != "read" && valid != reps {
                eprintln!("error: {side} found the input invalid");
                return ExitCode::FAILURE;
            }
            let gbps = (data.len() * reps) as f64 / seconds / 1e9;
            println!("round {round} {side:8} {gbps:7.2} GB/s");
        }
    }
    ExitCode::SUCCESS
}
