//! `utfast::parallel` (feature `parallel`, on for benches): how validation and UTF-8 → UTF-16LE
//! conversion of large inputs scale with threads, against the same kernel on one.
//!
//! Groups `parallel/<operation>/<script>/<size>` (operation `validate` or
//! `utf8-utf16le`, script `ascii` or `mixed`, size 64MiB or 1GiB); functions
//! `threads/1` (the single-threaded free function), `threads/N` for N = 2 up to
//! the logical CPUs. The text is `utfast::sample` text (64 MiB, repeated).
//!
//! ```text
//! cargo bench --bench parallel
//! ```

mod common;

use criterion::Throughput;
use std::hint::black_box;
use std::time::Duration;
use utfast::parallel::Parallel;
use utfast::sample::{self, Script};
use utfast::ByteOrder;

fn main() {
    let _ = common::engines(); // names the CPU
    let mut c = common::criterion()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    let cpus = common::cpu_count();
    for script in [Script::Ascii, Script::Mixed] {
        let piece = sample::text(script, 64 << 20, sample::SEED).into_bytes();
        for (size, name) in [(64usize << 20, "64MiB"), (1 << 30, "1GiB")] {
            let src: Vec<u8> = piece.iter().copied().cycle().take(size).collect();
            // A cut in the middle of a character at the end: keep whole characters.
            let end = (0..=size.min(3))
                .map(|back| size - back)
                .find(|&n| utfast::validate_utf8(&src[..n]))
                .unwrap_or(0);
            let src = &src[..end];
            let mut out = vec![0u16; src.len()];
            for op in ["validate", "utf8-utf16le"] {
                let mut g = c.benchmark_group(format!("parallel/{op}/{}/{name}", script.name()));
                g.throughput(Throughput::Bytes(src.len() as u64));
                for threads in 1..=cpus.max(2) {
                    let par = Parallel::new().with_threads(threads);
                    g.bench_function(format!("threads/{threads}"), |b| match op {
                        "validate" => b.iter(|| par.validate_utf8(black_box(src))),
                        _ => b.iter(|| {
                            par.utf8_to_utf16(black_box(src), &mut out, ByteOrder::Little)
                        }),
                    });
                }
                g.finish();
            }
        }
    }
    c.final_summary();
}
