//! Transcoding: every utfast kernel and the dispatcher against the C++ simdutf
//! (x86-64 only), encoding_rs and std, side by side, per direction.
//!
//! Groups are `<direction>/<input>`, where direction is `utf8-utf16le`,
//! `utf16le-utf8`, `utf16le-validate`, `utf32-validate`, `utf8-utf32`, `utf32-utf8`,
//! `utf16le-utf32`, `utf32-utf16le`, or Latin-1 to and from UTF-8, UTF-16LE and
//! UTF-32 (`latin1-utf8`, `utf8-latin1`, `latin1-utf16le`, ...), and input is `corpus/<file>` (with `UTFAST_CORPUS`) or
//! `gen/<script>`. Functions:
//!
//! - `utfast/<kernel>` and `utfast` (the free function: the dispatcher), with
//!   validation; `utfast/str` the `&str` path that skips it (UTF-8 input only);
//! - `simdutf/convert` (`convert_utf8_to_utf16le`, ..., validating) and
//!   `simdutf/valid` (`convert_valid_*`, input known valid); in `utf16le-validate`
//!   and `utf32-validate`, `simdutf/convert` is `validate_utf16le` / `validate_utf32`;
//! - `encoding_rs` (`encoding_rs::mem`: `convert_utf8_to_utf16`,
//!   `convert_utf16_to_utf8`, `convert_latin1_to_utf8`; no validation of UTF-16);
//! - `std` (`str::encode_utf16`, `char::decode_utf16`, `str::chars`, into a buffer);
//! - `memcpy`: a copy of as many bytes as the conversion writes (conversions
//!   only), the yardstick for the physical limit of the direction;
//! - `traffic`: the input's bytes read and the output's written, no work
//!   between (every direction, validations included): the limit for a
//!   direction that reads more than it writes.
//!
//! `short-utf8-utf16le/...` and `short-utf16le-utf8/...` time batches of short
//! strings (2 to 200 bytes), one call each (see `bench_short`).
//!
//! Throughput is counted in bytes of the *input*. Every output buffer has the
//! worst-case size, allocated once outside the timing loop.
//!
//! Run: `UTFAST_CORPUS=../shared/corpus cargo bench --bench transcode`
//! (`UTFAST_BENCH_QUICK=1` for a run of a few minutes).

mod common;

use common::paged::Paged;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput};
use std::hint::black_box;
use utfast::sample::{self, Script};
use utfast::ByteOrder;
use utfast::Engine;

/// One direction's input: the text, and the same text in the source format.
struct Input {
    text: String,
    utf16le: Vec<u16>,
    utf32: Vec<u32>,
    latin1: Option<Vec<u8>>,
}

impl Input {
    fn new(text: String) -> Input {
        let utf16le = text.encode_utf16().map(u16::to_le).collect();
        let utf32 = text.chars().map(u32::from).collect();
        let latin1 = text
            .chars()
            .map(|c| u8::try_from(u32::from(c)).ok())
            .collect();
        Input {
            text,
            utf16le,
            utf32,
            latin1,
        }
    }
}

/// Benchmarks `f` over `input` into a worst-case `out`, as function `name`.
fn run<S: Copy + Default, D: Copy + Default, R>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    input: &[S],
    out_len: usize,
    f: impl Fn(&[S], &mut [D]) -> R,
) {
    // Input and output each start on a page boundary, for every function and
    // every run (see `common::paged`).
    let input = Paged::of(input);
    let mut out = Paged::<D>::zeros(out_len);
    let (input, out) = (&*input, &mut *out);
    g.bench_function(name, |b| {
        b.iter(|| black_box(f(black_box(input), black_box(&mut *out))))
    });
}

/// The bytes [`traffic`] reads or writes at a step.
const TRAFFIC_CHUNK: usize = 256;

/// Reads every byte of `src` and writes every byte of `dst`, 256 bytes at a
/// time each, the two streams interleaved in proportion to their lengths (a
/// Bresenham walk), with no work between: the memory traffic of a conversion
/// that reads `src` and writes `dst`, the physical limit of the direction on
/// this input. (A memcpy of the output reads only as many bytes as it writes:
/// a conversion that narrows, UTF-32 to UTF-16 or to Latin-1, reads two or
/// four times that; a validation writes nothing.) The bytes written are the
/// OR of those read so far. Returns the OR of all bytes read.
fn traffic(src: &[u8], dst: &mut [u8]) -> u8 {
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("avx512f") {
        // SAFETY: the CPU has AVX-512F.
        return unsafe { traffic_avx512(src, dst) };
    }
    #[cfg(target_arch = "x86_64")]
    if is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2.
        return unsafe { traffic_avx2(src, dst) };
    }
    let mut acc = [0u64; TRAFFIC_CHUNK / 8];
    let (mut reads, mut writes) = (
        src.chunks_exact(TRAFFIC_CHUNK),
        dst.chunks_exact_mut(TRAFFIC_CHUNK),
    );
    let src_tail = reads.remainder();
    for (read, write) in walk(reads.len(), writes.len()) {
        if let Some(chunk) = read.then(|| reads.next()).flatten() {
            for (a, b) in acc.iter_mut().zip(chunk.chunks_exact(8)) {
                *a |= u64::from_ne_bytes(b.try_into().unwrap_or_default());
            }
        }
        if let Some(out) = write.then(|| writes.next()).flatten() {
            for (o, a) in out.chunks_exact_mut(8).zip(&acc) {
                o.copy_from_slice(&a.to_ne_bytes());
            }
        }
    }
    let x = acc.iter().fold(0, |x, a| x | a).to_ne_bytes();
    tails(x.iter().chain(src_tail), dst)
}

/// The Bresenham walk of [`traffic`] over `reads` and `writes` chunks: as many
/// steps as the larger count, each saying whether the next chunk of each is
/// due (the two in proportion to their counts).
#[inline(always)]
fn walk(reads: usize, writes: usize) -> impl Iterator<Item = (bool, bool)> {
    let steps = reads.max(writes);
    let (mut due_r, mut due_w) = (0, 0);
    (0..steps).map(move |_| {
        due_r += reads;
        let read = due_r >= steps;
        if read {
            due_r -= steps;
        }
        due_w += writes;
        let write = due_w >= steps;
        if write {
            due_w -= steps;
        }
        (read, write)
    })
}

/// The end of [`traffic`]: the OR of `bytes` (the accumulated and the input's
/// last bytes) written into the bytes of `dst` after its last whole chunk.
fn tails<'a>(bytes: impl Iterator<Item = &'a u8>, dst: &mut [u8]) -> u8 {
    let x = bytes.fold(0, |x, b| x | b);
    let end = dst.len() / TRAFFIC_CHUNK * TRAFFIC_CHUNK;
    dst[end..].fill(x);
    x
}

/// Defines `$name`, [`traffic`] with `$width`-byte loads and stores of
/// `$vector` (`$zero`, `$or`, `$load`, `$store` its intrinsics) under the target
/// feature `$feature`.
macro_rules! traffic_with {
    ($name:ident, $feature:literal, $width:literal, $vector:ident,
     $zero:ident, $or:ident, $load:ident, $store:ident) => {
        /// [`traffic`] with wide loads and stores (see `traffic_with!`).
        ///
        /// # Safety
        /// The CPU has the target feature.
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $feature)]
        unsafe fn $name(src: &[u8], dst: &mut [u8]) -> u8 {
            use std::arch::x86_64::*;
            const VECTORS: usize = TRAFFIC_CHUNK / $width;
            let (s, d) = (src.as_ptr(), dst.as_mut_ptr());
            let mut acc: [$vector; VECTORS] = [$zero(); VECTORS];
            let (mut r, mut w) = (0, 0);
            let (reads, writes) = (src.len() / TRAFFIC_CHUNK, dst.len() / TRAFFIC_CHUNK);
            // SAFETY (loads and stores): whole chunks, `reads` read and
            // `writes` written; the function's own target features.
            for (read, write) in walk(reads, writes) {
                if read {
                    for (k, a) in acc.iter_mut().enumerate() {
                        *a = $or(*a, $load(s.add(r + $width * k).cast()));
                    }
                    r += TRAFFIC_CHUNK;
                }
                if write {
                    for (k, a) in acc.iter().enumerate() {
                        $store(d.add(w + $width * k).cast(), *a);
                    }
                    w += TRAFFIC_CHUNK;
                }
            }
            let all = acc.iter().fold($zero(), |x, a| $or(x, *a));
            let mut lanes = [0u8; $width];
            // SAFETY: one vector's bytes.
            unsafe { $store(lanes.as_mut_ptr().cast(), all) };
            tails(lanes.iter().chain(&src[reads * TRAFFIC_CHUNK..]), dst)
        }
    };
}

traffic_with!(
    traffic_avx2,
    "avx2",
    32,
    __m256i,
    _mm256_setzero_si256,
    _mm256_or_si256,
    _mm256_loadu_si256,
    _mm256_storeu_si256
);
// The widest this CPU has: the limit the AVX-512 kernels are measured against.
traffic_with!(
    traffic_avx512,
    "avx512f",
    64,
    __m512i,
    _mm512_setzero_si512,
    _mm512_or_si512,
    _mm512_loadu_si512,
    _mm512_storeu_si512
);

/// simdutf's conversion `f(src, len, dst)`: the units written.
type SimdutfFn<S, D> = unsafe fn(*const S, usize, *mut D) -> usize;

/// simdutf's function `name` where it is compared (x86-64); `None` elsewhere.
macro_rules! simdutf {
    ($name:ident) => {{
        #[cfg(target_arch = "x86_64")]
        let f = Some(simdutf::$name as SimdutfFn<_, _>);
        #[cfg(not(target_arch = "x86_64"))]
        let f = None;
        f
    }};
}

/// Where one input's benchmarks go: criterion, the input's id, the engines.
struct Suite<'a> {
    c: &'a mut Criterion,
    id: &'a str,
    engines: &'a [Engine],
}

impl Suite<'_> {
    /// Opens the group `<direction>/<id>` over `input` (throughput: its bytes)
    /// and benchmarks `kernel` of every engine (as `utfast/<kernel>`) and
    /// simdutf's `convert` (as `simdutf/convert`, where given), each into an
    /// output of `out_len` units; and, for a conversion whose output is
    /// `out_bytes` bytes (0 for a validation), `memcpy`: a copy of that many
    /// bytes, the physical limit a conversion's cell is measured against
    /// (`scripts/kernel-table.py`); for every direction, `traffic`: the input's
    /// bytes read and the output's written with no work between ([`traffic`]).
    /// The caller adds the other functions.
    ///
    /// # Safety
    ///
    /// `convert` writes at most `out_len` units for `input`.
    unsafe fn open<S: Copy + Default, D: Copy + Default, R>(
        &mut self,
        direction: &str,
        input: &[S],
        (out_len, out_bytes): (usize, usize),
        kernel: impl Fn(Engine, &[S], &mut [D]) -> R,
        convert: Option<SimdutfFn<S, D>>,
    ) -> BenchmarkGroup<'_, WallTime> {
        let mut g = group(self.c, direction, self.id, std::mem::size_of_val(input));
        if out_bytes > 0 {
            let from = vec![b'a'; out_bytes];
            run(&mut g, "memcpy", &from, out_bytes, |s, d: &mut [u8]| {
                d.copy_from_slice(s)
            });
        }
        let bytes = vec![b'a'; std::mem::size_of_val(input)];
        run(&mut g, "traffic", &bytes, out_bytes, |s, d: &mut [u8]| {
            traffic(s, d)
        });
        for &e in self.engines {
            run(
                &mut g,
                &format!("utfast/{}", e.kernel()),
                input,
                out_len,
                |s, d| kernel(e, s, d),
            );
        }
        if let Some(f) = convert {
            run(
                &mut g,
                "simdutf/convert",
                input,
                out_len,
                |s, d: &mut [D]| {
                    // SAFETY: `d` has `out_len` units, enough by the caller's promise.
                    unsafe { f(s.as_ptr(), s.len(), d.as_mut_ptr()) }
                },
            );
        }
        g
    }
}

/// Benchmarks `f` called on each of `items` in turn, as function `name`.
fn run_batch<T, R>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    items: &[T],
    mut f: impl FnMut(&T) -> R,
) {
    g.bench_function(name, |b| {
        b.iter(|| {
            for item in items {
                black_box(f(black_box(item)));
            }
        })
    });
}

/// std's way to write `units` into `out`, as many as fit: the count written.
fn std_write<T>(out: &mut [T], units: impl Iterator<Item = T>) -> usize {
    let mut n = 0;
    for (o, u) in out.iter_mut().zip(units) {
        *o = u;
        n += 1;
    }
    n
}

/// std's UTF-8 of `chars` into `out`, up to the first `None` (an invalid
/// character): the bytes written.
fn std_write_utf8(out: &mut [u8], chars: impl Iterator<Item = Option<char>>) -> usize {
    let mut n = 0;
    for c in chars {
        let Some(c) = c else { break };
        n += c.encode_utf8(&mut out[n..]).len();
    }
    n
}

fn group<'a>(
    c: &'a mut Criterion,
    direction: &str,
    id: &str,
    bytes: usize,
) -> BenchmarkGroup<'a, WallTime> {
    let mut g = c.benchmark_group(format!("{direction}/{id}"));
    g.throughput(Throughput::Bytes(bytes as u64));
    g
}

/// Every direction on `input`; only the Latin-1 ones when `latin1_only`.
fn bench_input(c: &mut Criterion, id: &str, input: &Input, engines: &[Engine], latin1_only: bool) {
    let mut suite = Suite { c, id, engines };
    if !latin1_only {
        bench_unicode(&mut suite, input);
    }
    if let Some(latin1) = &input.latin1 {
        bench_latin1(&mut suite, latin1, input);
    }
}

/// UTF-8 to and from UTF-16LE and UTF-32.
fn bench_unicode(suite: &mut Suite, input: &Input) {
    let utf8 = input.text.as_bytes();
    let text = input.text.as_str();
    let n8 = utf8.len();
    let src16 = &input.utf16le[..];
    let n16 = src16.len();
    let src32 = &input.utf32[..];
    let n32 = src32.len();

    // UTF-8 -> UTF-16LE
    let kernel = |e: Engine, s: &[u8], d: &mut [u16]| e.utf8_to_utf16(s, d, ByteOrder::Little);
    let convert = simdutf!(convert_utf8_to_utf16le);
    // SAFETY: one unit per byte is simdutf's worst case.
    let mut g = unsafe { suite.open("utf8-utf16le", utf8, (n8, 2 * n16), kernel, convert) };
    run(&mut g, "utfast", utf8, n8, |s, d| {
        utfast::utf8::to_utf16(s, d, ByteOrder::Little)
    });
    run(&mut g, "utfast/str", utf8, n8, |_, d| {
        utfast::utf8::str_to_utf16(black_box(text), d, ByteOrder::Little)
    });
    #[cfg(target_arch = "x86_64")]
    run(&mut g, "simdutf/valid", utf8, n8, |s, d: &mut [u16]| {
        // SAFETY: as above; the input is valid UTF-8.
        unsafe { simdutf::convert_valid_utf8_to_utf16le(s.as_ptr(), s.len(), d.as_mut_ptr()) }
    });
    run(&mut g, "encoding_rs", utf8, n8 + 1, |s, d| {
        encoding_rs::mem::convert_utf8_to_utf16(s, d)
    });
    run(&mut g, "std", utf8, n8, |_, d: &mut [u16]| {
        std_write(d, black_box(text).encode_utf16().map(u16::to_le))
    });
    g.finish();

    // UTF-16LE -> UTF-8
    let kernel = |e: Engine, s: &[u16], d: &mut [u8]| e.utf16_to_utf8(s, d, ByteOrder::Little);
    let convert = simdutf!(convert_utf16le_to_utf8);
    // SAFETY: 3 bytes per unit is simdutf's worst case.
    let mut g = unsafe { suite.open("utf16le-utf8", src16, (3 * n16, n8), kernel, convert) };
    run(&mut g, "utfast", src16, 3 * n16, |s, d| {
        utfast::utf16::to_utf8(s, d, ByteOrder::Little)
    });
    #[cfg(target_arch = "x86_64")]
    run(
        &mut g,
        "simdutf/valid",
        src16,
        3 * n16,
        |s, d: &mut [u8]| {
            // SAFETY: as above; the input is valid UTF-16LE.
            unsafe { simdutf::convert_valid_utf16le_to_utf8(s.as_ptr(), s.len(), d.as_mut_ptr()) }
        },
    );
    if cfg!(target_endian = "little") {
        run(&mut g, "encoding_rs", src16, 3 * n16, |s, d| {
            encoding_rs::mem::convert_utf16_to_utf8(s, d)
        });
    }
    run(&mut g, "std", src16, 3 * n16, |s, d: &mut [u8]| {
        std_write_utf8(
            d,
            char::decode_utf16(s.iter().map(|&u| u16::from_le(u))).map(Result::ok),
        )
    });
    g.finish();

    // UTF-16LE validation
    let kernel = |e: Engine, s: &[u16], _: &mut [u8]| e.validate_utf16(s, ByteOrder::Little);
    let convert = None;
    // SAFETY: no simdutf function to call.
    let mut g = unsafe { suite.open("utf16le-validate", src16, (0, 0), kernel, convert) };
    run(&mut g, "utfast", src16, 0, |s, _: &mut [u8]| {
        utfast::utf16::validate(s, ByteOrder::Little)
    });
    #[cfg(target_arch = "x86_64")]
    run(&mut g, "simdutf/convert", src16, 0, |s, _: &mut [u8]| {
        simdutf::validate_utf16le(s)
    });
    run(&mut g, "std", src16, 0, |s, _: &mut [u8]| {
        char::decode_utf16(s.iter().map(|&u| u16::from_le(u))).all(|c| c.is_ok())
    });
    g.finish();

    // UTF-32 validation
    let kernel = |e: Engine, s: &[u32], _: &mut [u8]| e.validate_utf32(s);
    let convert = None;
    // SAFETY: no simdutf function to call.
    let mut g = unsafe { suite.open("utf32-validate", src32, (0, 0), kernel, convert) };
    run(&mut g, "utfast", src32, 0, |s, _: &mut [u8]| {
        utfast::utf32::validate(s)
    });
    #[cfg(target_arch = "x86_64")]
    run(&mut g, "simdutf/convert", src32, 0, |s, _: &mut [u8]| {
        simdutf::validate_utf32(s)
    });
    run(&mut g, "std", src32, 0, |s, _: &mut [u8]| {
        s.iter().all(|&v| char::from_u32(v).is_some())
    });
    g.finish();

    // UTF-8 -> UTF-32
    let kernel = |e: Engine, s: &[u8], d: &mut [u32]| e.utf8_to_utf32(s, d);
    let convert = simdutf!(convert_utf8_to_utf32);
    // SAFETY: one value per byte is simdutf's worst case.
    let mut g = unsafe { suite.open("utf8-utf32", utf8, (n8, 4 * n32), kernel, convert) };
    run(&mut g, "std", utf8, n8, |_, d: &mut [u32]| {
        std_write(d, black_box(text).chars().map(u32::from))
    });
    g.finish();

    // UTF-32 -> UTF-8
    let kernel = |e: Engine, s: &[u32], d: &mut [u8]| e.utf32_to_utf8(s, d);
    let convert = simdutf!(convert_utf32_to_utf8);
    // SAFETY: 4 bytes per value is simdutf's worst case.
    let mut g = unsafe { suite.open("utf32-utf8", src32, (4 * n32, n8), kernel, convert) };
    run(&mut g, "std", src32, 4 * n32, |s, d: &mut [u8]| {
        std_write_utf8(d, s.iter().map(|&v| char::from_u32(v)))
    });
    g.finish();

    // UTF-16LE -> UTF-32
    let kernel = |e: Engine, s: &[u16], d: &mut [u32]| e.utf16_to_utf32(s, d, ByteOrder::Little);
    let convert = simdutf!(convert_utf16le_to_utf32);
    // SAFETY: one value per unit is simdutf's worst case.
    let g = unsafe { suite.open("utf16le-utf32", src16, (n16, 4 * n32), kernel, convert) };
    g.finish();

    // UTF-32 -> UTF-16LE
    let kernel = |e: Engine, s: &[u32], d: &mut [u16]| e.utf32_to_utf16(s, d, ByteOrder::Little);
    let convert = simdutf!(convert_utf32_to_utf16le);
    // SAFETY: two units per value is simdutf's worst case.
    let g = unsafe { suite.open("utf32-utf16le", src32, (2 * n32, 2 * n16), kernel, convert) };
    g.finish();
}

/// Latin-1 to UTF-8, UTF-16LE and UTF-32, and back (`input` holds Latin-1 text).
fn bench_latin1(suite: &mut Suite, latin1: &[u8], input: &Input) {
    let utf8 = input.text.as_bytes();
    let (nl, n8) = (latin1.len(), utf8.len());
    let kernel = |e: Engine, s: &[u8], d: &mut [u8]| e.latin1_to_utf8(s, d);
    let convert = simdutf!(convert_latin1_to_utf8);
    // SAFETY: 2 bytes per byte is simdutf's worst case.
    let mut g = unsafe { suite.open("latin1-utf8", latin1, (2 * nl, n8), kernel, convert) };
    run(&mut g, "encoding_rs", latin1, 2 * nl, |s, d| {
        encoding_rs::mem::convert_latin1_to_utf8(s, d)
    });
    g.finish();

    let kernel = |e: Engine, s: &[u8], d: &mut [u8]| e.utf8_to_latin1(s, d);
    let convert = simdutf!(convert_utf8_to_latin1);
    // SAFETY: one byte per byte is simdutf's worst case.
    let g = unsafe { suite.open("utf8-latin1", utf8, (n8, nl), kernel, convert) };
    g.finish();

    let kernel = |e: Engine, s: &[u8], d: &mut [u16]| e.latin1_to_utf16(s, d, ByteOrder::Little);
    let convert = simdutf!(convert_latin1_to_utf16le);
    // SAFETY: one unit per byte is simdutf's worst case.
    let g = unsafe { suite.open("latin1-utf16le", latin1, (nl, 2 * nl), kernel, convert) };
    g.finish();

    let src16 = &input.utf16le[..];
    let kernel = |e: Engine, s: &[u16], d: &mut [u8]| e.utf16_to_latin1(s, d, ByteOrder::Little);
    let convert = simdutf!(convert_utf16le_to_latin1);
    // SAFETY: one byte per unit is simdutf's worst case.
    let g = unsafe { suite.open("utf16le-latin1", src16, (src16.len(), nl), kernel, convert) };
    g.finish();

    let kernel = |e: Engine, s: &[u8], d: &mut [u32]| e.latin1_to_utf32(s, d);
    let convert = simdutf!(convert_latin1_to_utf32);
    // SAFETY: one value per byte is simdutf's worst case.
    let g = unsafe { suite.open("latin1-utf32", latin1, (nl, 4 * nl), kernel, convert) };
    g.finish();

    let src32 = &input.utf32[..];
    let kernel = |e: Engine, s: &[u32], d: &mut [u8]| e.utf32_to_latin1(s, d);
    let convert = simdutf!(convert_utf32_to_latin1);
    // SAFETY: one byte per value is simdutf's worst case.
    let g = unsafe { suite.open("utf32-latin1", src32, (src32.len(), nl), kernel, convert) };
    g.finish();
}

/// Sizes (in UTF-8 bytes) of the short strings, and how many per batch.
const SHORT_SIZES: &[usize] = &[1, 2, 5, 8, 16, 32, 48, 64, 100, 200];
const SHORT_BATCH: usize = 1000;

/// Batches of short strings (ASCII and mixed) of each size, one call per string:
/// UTF-8 to UTF-16LE and back, and UTF-8 to UTF-32, through the free functions
/// (what a caller uses), simdutf and std. Groups
/// `short-utf8-utf16le/<script>/<NNN>`, `short-utf8-utf32/<script>/<NNN>` and
/// `short-utf16le-utf8/<script>/<NNN>`; throughput in bytes of input.
fn bench_short(c: &mut Criterion) {
    for script in [Script::Ascii, Script::Mixed] {
        for &size in SHORT_SIZES {
            let (buf, ranges) =
                sample::short_strings(script, size..=size, SHORT_BATCH, sample::SEED);
            let strings: Vec<&str> = ranges.into_iter().map(|r| &buf[r]).collect();
            let utf16: Vec<Vec<u16>> = strings
                .iter()
                .map(|s| s.encode_utf16().map(u16::to_le).collect())
                .collect();
            let bytes8: usize = strings.iter().map(|s| s.len()).sum();
            let id = format!("{}/{size:03}", script.name());
            let mut out16 = vec![0u16; size + 8];
            let mut g = group(c, "short-utf8-utf16le", &id, bytes8);
            run_batch(&mut g, "utfast", &strings, |s| {
                utfast::utf8::to_utf16(s.as_bytes(), &mut out16, ByteOrder::Little).ok()
            });
            #[cfg(target_arch = "x86_64")]
            run_batch(&mut g, "simdutf/convert", &strings, |s| {
                // SAFETY: `out16` has room for one unit per byte.
                unsafe { simdutf::convert_utf8_to_utf16le(s.as_ptr(), s.len(), out16.as_mut_ptr()) }
            });
            run_batch(&mut g, "std", &strings, |s| {
                let s = std::str::from_utf8(s.as_bytes()).ok()?;
                Some(std_write(&mut out16, s.encode_utf16().map(u16::to_le)))
            });
            g.finish();

            let mut out32 = vec![0u32; size + 8];
            let mut g = group(c, "short-utf8-utf32", &id, bytes8);
            run_batch(&mut g, "utfast", &strings, |s| {
                utfast::utf8::to_utf32(s.as_bytes(), &mut out32).ok()
            });
            #[cfg(target_arch = "x86_64")]
            run_batch(&mut g, "simdutf/convert", &strings, |s| {
                // SAFETY: `out32` has room for one value per byte.
                unsafe { simdutf::convert_utf8_to_utf32(s.as_ptr(), s.len(), out32.as_mut_ptr()) }
            });
            run_batch(&mut g, "std", &strings, |s| {
                let s = std::str::from_utf8(s.as_bytes()).ok()?;
                Some(std_write(&mut out32, s.chars().map(u32::from)))
            });
            g.finish();

            let bytes16: usize = utf16.iter().map(|u| 2 * u.len()).sum();
            let mut out8 = vec![0u8; 3 * size + 8];
            let mut g = group(c, "short-utf16le-utf8", &id, bytes16);
            run_batch(&mut g, "utfast", &utf16, |u| {
                utfast::utf16::to_utf8(u, &mut out8, ByteOrder::Little).ok()
            });
            #[cfg(target_arch = "x86_64")]
            run_batch(&mut g, "simdutf/convert", &utf16, |u| {
                // SAFETY: `out8` has room for three bytes per unit.
                unsafe { simdutf::convert_utf16le_to_utf8(u.as_ptr(), u.len(), out8.as_mut_ptr()) }
            });
            run_batch(&mut g, "std", &utf16, |u| {
                // `Some`, as utfast's `.ok()` and the other groups' std
                // closures: every side hands the same type to `black_box`.
                let units = u.iter().map(|&x| u16::from_le(x));
                Some(std_write_utf8(
                    &mut out8,
                    char::decode_utf16(units).map(Result::ok),
                ))
            });
            g.finish();
        }
    }
}

fn main() {
    let engines = common::engines();
    let mut c = common::criterion();
    bench_short(&mut c);
    for (script, text) in common::generated_texts(64 * 1024) {
        let id = format!("gen/{script}");
        bench_input(&mut c, &id, &Input::new(text), &engines, false);
    }
    if let Some(dir) = common::corpus_dir_or_say() {
        let latin1 = |bytes: Vec<u8>| Some(bytes.into_iter().map(char::from).collect());
        let texts = common::utf8_texts(&dir).map(|(rel, text)| (rel, text, false));
        let latin1_texts = common::corpus_texts(&dir, ".latin1.txt", latin1);
        for (rel, text, latin1_only) in texts.chain(latin1_texts.map(|(rel, t)| (rel, t, true))) {
            let id = format!("corpus/{rel}");
            bench_input(&mut c, &id, &Input::new(text), &engines, latin1_only);
        }
    }
    c.final_summary();
}
