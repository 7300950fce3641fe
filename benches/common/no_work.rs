//! Loops that move a direction's bytes with no work between them: each reads
//! every byte of an input and writes every byte of an output of the sizes a
//! conversion reads and writes (or only reads, for a validation), and does
//! nothing else but OR what it reads into one value (so that no load is dead)
//! and test it (as a conversion's loop tests its input).
//!
//! They come in several shapes: the vector width (16, 32 or 64 bytes); the
//! vectors read a step (one to eight); whether the output is written in vectors
//! of that width or in narrower stores, one for each vector read (as a
//! narrowing conversion stores: a vector of UTF-16 read becomes half a vector of
//! Latin-1); and whether a step is tested once or each vector with a branch of
//! its own. On Zen 5 a loop that streams from L2 gains or loses a fifth of its
//! speed by how fast it issues, where it lands and the state the memory system
//! is in, with no change to its work, so no one shape is the limit of a
//! direction. The fastest of them on a file, measured in the same rounds as a
//! conversion, is a measure of what moving the bytes alone costs:
//! `examples/instructions.rs` (side `bound`) times them beside utfast and
//! simdutf. It is not a strict bound: a loop with work between its loads and
//! stores can land in a faster state than all of them (simdutf icelake's UTF-16
//! → Latin-1 did on the all-ASCII Latin-Lipsum, fifty-seventh session).
//!
//! ```ignore
//! let shapes = no_work::shapes(64, 2); // 64-byte vectors, input twice the output
//! let x = (shapes[0].run)(&input, &mut output);
//! ```
#![allow(dead_code)] // Not every user needs every item.

/// One loop shape, runnable on this CPU.
pub struct Shape {
    /// What it does, e.g. `64B x2 narrow`.
    pub name: String,
    /// Reads all of the input and writes all of the output; returns the OR of
    /// the bytes read (folded to 64 bits).
    pub run: fn(&[u8], &mut [u8]) -> u64,
}

/// The shapes for vectors of `width` bytes (16, 32 or 64) that this CPU runs,
/// for an input `ratio` times as long as the output (1, 2 or 4; 0: a
/// validation, which writes nothing). Empty when the CPU lacks the width's
/// instructions or the pair is not one of these.
pub fn shapes(width: usize, ratio: usize) -> Vec<Shape> {
    let mut out = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        let has = match width {
            16 => true,
            32 => is_x86_feature_detected!("avx2"),
            64 => is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512bw"),
            _ => false,
        };
        if has {
            x86::push_shapes(&mut out, width, ratio);
        }
    }
    let _ = (width, ratio);
    out
}

/// The OR of `bytes`.
fn or_bytes(bytes: &[u8]) -> u8 {
    bytes.iter().fold(0, |x, b| x | b)
}

/// Checks that `shape` reads every byte of an input as long as `input` and
/// writes every byte of `out`; the error says what it missed.
///
/// Reads: a zero input with one byte set, at the start, the middle and each
/// of the last 1,024 places (past the last whole step of any shape), must give
/// a nonzero result. Writes: `out` filled first with a byte that neither
/// `input` nor the OR of its bytes has must keep none of it after a run over
/// `input`.
pub fn check(shape: &Shape, input: &[u8], out: &mut [u8]) -> Result<(), String> {
    let len = input.len();
    let mut probe = vec![0u8; len];
    for at in [0, len / 2]
        .into_iter()
        .chain(len.saturating_sub(1024)..len)
    {
        if at >= len {
            continue;
        }
        probe[at] = 1;
        let x = (shape.run)(&probe, out);
        probe[at] = 0;
        if x == 0 {
            return Err(format!("{} did not read input byte {at}", shape.name));
        }
    }
    let mut seen = [false; 256];
    for &b in input {
        seen[usize::from(b)] = true;
    }
    seen[usize::from(or_bytes(input))] = true;
    if let Some(mark) = (0..=255u8).find(|&b| !seen[usize::from(b)]) {
        out.fill(mark);
        (shape.run)(input, out);
        if let Some(at) = out.iter().position(|&b| b == mark) {
            return Err(format!("{} did not write output byte {at}", shape.name));
        }
    }
    Ok(())
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::Shape;
    use core::arch::x86_64::*;

    /// One loop over `src` and `dst` with vectors of `$width` bytes: each step
    /// reads `Q * K` vectors (`K` when `Q` is 0) and writes `K` vectors, or
    /// one store of `$width / Q` bytes for each vector read when `NARROW`
    /// (`$half` and `$quarter` store that many bytes of vector `$nv` at
    /// `$p`); it
    /// tests what it read once a step, or each vector with a branch of its own
    /// when `EACH`.
    macro_rules! no_work_loop {
        ($name:ident, $feature:literal, $width:literal, $vec:ty, $zero:expr, $load:path,
         $or:path, $store:path, |$sv:ident| $all_ones:expr,
         |$p:ident, $nv:ident| [$half:expr, $quarter:expr]) => {
            /// See the module doc and [`no_work_loop`].
            ///
            /// # Safety
            /// The CPU has the features of `$feature`.
            #[target_feature(enable = $feature)]
            unsafe fn $name<
                const Q: usize,
                const K: usize,
                const NARROW: bool,
                const EACH: bool,
            >(
                src: &[u8],
                dst: &mut [u8],
            ) -> u64 {
                const W: usize = $width;
                let reads = Q.max(1);
                let (step_in, step_out) = (reads * K * W, if Q == 0 { 0 } else { K * W });
                let (sp, dp) = (src.as_ptr(), dst.as_mut_ptr());
                let (mut i, mut o) = (0, 0);
                let mut acc: $vec = $zero;
                'steps: while i + step_in <= src.len() && o + step_out <= dst.len() {
                    let mut s: $vec = $zero;
                    for j in 0..K {
                        let mut last: $vec = $zero;
                        for r in 0..reads {
                            // SAFETY: `i + step_in <= src.len()` and this vector
                            // lies within the step.
                            let v = unsafe { $load(sp.add(i + (j * reads + r) * W).cast()) };
                            s = $or(s, v);
                            let $sv = v;
                            if EACH && $all_ones {
                                // Never for text, as below.
                                break 'steps;
                            }
                            if Q > 0 && NARROW {
                                // SAFETY: the step's output is `K * W` bytes within
                                // `dst`, written as `K * Q` stores of `W / Q`.
                                let ($p, $nv) = (dp.add(o + (j * Q + r) * (W / Q)), v);
                                unsafe {
                                    match Q {
                                        1 => $store($p.cast(), $nv),
                                        2 => $half,
                                        _ => $quarter,
                                    }
                                }
                            }
                            last = v;
                        }
                        if Q > 0 && !NARROW {
                            // SAFETY: `o + step_out <= dst.len()`.
                            unsafe { $store(dp.add(o + j * W).cast(), last) };
                        }
                    }
                    i += step_in;
                    o += step_out;
                    acc = $or(acc, s);
                    let $sv = s;
                    if !EACH && $all_ones {
                        // Never for text (no byte is 0xFF in every lane); the
                        // rest below still reads and writes it all.
                        break;
                    }
                }
                // SAFETY: a vector's bytes, read as eight-byte words.
                let words: [u64; W / 8] = unsafe { core::mem::transmute(acc) };
                let mut x = words.iter().fold(0, |x, w| x | w);
                x |= src[i..].iter().fold(0, |x, &b| x | u64::from(b));
                dst[o..].fill(super::or_bytes(&x.to_le_bytes()));
                x
            }
        };
    }

    no_work_loop!(
        loop16,
        "sse2",
        16,
        __m128i,
        _mm_setzero_si128(),
        _mm_loadu_si128,
        _mm_or_si128,
        _mm_storeu_si128,
        |s| _mm_movemask_epi8(_mm_cmpeq_epi8(s, _mm_set1_epi8(-1))) == 0xFFFF,
        |p, v| [
            _mm_storel_epi64(p.cast(), v),
            p.cast::<i32>().write_unaligned(_mm_cvtsi128_si32(v))
        ]
    );
    no_work_loop!(
        loop32,
        "avx2",
        32,
        __m256i,
        _mm256_setzero_si256(),
        _mm256_loadu_si256,
        _mm256_or_si256,
        _mm256_storeu_si256,
        |s| _mm256_movemask_epi8(_mm256_cmpeq_epi8(s, _mm256_set1_epi8(-1))) == -1,
        |p, v| [
            _mm_storeu_si128(p.cast(), _mm256_castsi256_si128(v)),
            _mm_storel_epi64(p.cast(), _mm256_castsi256_si128(v))
        ]
    );
    no_work_loop!(
        loop64,
        "avx512f,avx512bw",
        64,
        __m512i,
        _mm512_setzero_si512(),
        _mm512_loadu_si512,
        _mm512_or_si512,
        _mm512_storeu_si512,
        |s| _mm512_cmpeq_epi64_mask(s, _mm512_set1_epi8(-1)) == 0xFF,
        |p, v| [
            _mm256_storeu_si256(p.cast(), _mm512_castsi512_si256(v)),
            _mm_storeu_si128(p.cast(), _mm512_castsi512_si128(v))
        ]
    );

    /// The shapes of one loop function `$f` for ratio `$q`: one to four
    /// written vectors a step (one to eight read ones for a validation), with
    /// wide and, for a narrowing, narrow stores, tested once a step or each
    /// vector. The caller has checked the CPU's features.
    macro_rules! push {
        ($out:ident, $f:ident, $width:literal, $q:literal) => {{
            type Run = fn(&[u8], &mut [u8]) -> u64;
            let shapes: [(usize, bool, bool, Run); 13] = [
                // SAFETY (each): `shapes` made these only after it found the
                // CPU's features.
                (1, false, false, |s, d| unsafe {
                    $f::<$q, 1, false, false>(s, d)
                }),
                (2, false, false, |s, d| unsafe {
                    $f::<$q, 2, false, false>(s, d)
                }),
                (4, false, false, |s, d| unsafe {
                    $f::<$q, 4, false, false>(s, d)
                }),
                (8, false, false, |s, d| unsafe {
                    $f::<$q, 8, false, false>(s, d)
                }),
                (1, true, false, |s, d| unsafe {
                    $f::<$q, 1, true, false>(s, d)
                }),
                (2, true, false, |s, d| unsafe {
                    $f::<$q, 2, true, false>(s, d)
                }),
                (4, true, false, |s, d| unsafe {
                    $f::<$q, 4, true, false>(s, d)
                }),
                (2, false, true, |s, d| unsafe {
                    $f::<$q, 2, false, true>(s, d)
                }),
                (4, false, true, |s, d| unsafe {
                    $f::<$q, 4, false, true>(s, d)
                }),
                (8, false, true, |s, d| unsafe {
                    $f::<$q, 8, false, true>(s, d)
                }),
                (1, true, true, |s, d| unsafe {
                    $f::<$q, 1, true, true>(s, d)
                }),
                (2, true, true, |s, d| unsafe {
                    $f::<$q, 2, true, true>(s, d)
                }),
                (4, true, true, |s, d| unsafe {
                    $f::<$q, 4, true, true>(s, d)
                }),
            ];
            for (k, narrow, each, run) in shapes {
                // Eight vectors a step for a validation only; narrow stores
                // for a narrowing only; a test a vector where a step has more
                // than one.
                if (k == 8 && $q != 0) || (narrow && $q < 2) || (each && $q.max(1) * k == 1) {
                    continue;
                }
                let name = format!(
                    "{}B x{k}{}{}",
                    $width,
                    if narrow { " narrow" } else { "" },
                    if each { " each" } else { "" }
                );
                $out.push(Shape { name, run });
            }
        }};
    }

    /// Appends the shapes of `width` and `ratio` (see `super::shapes`).
    pub(super) fn push_shapes(out: &mut Vec<Shape>, width: usize, ratio: usize) {
        // Each ratio a constant of its own instantiations.
        macro_rules! ratios {
            ($f:ident, $width:literal) => {
                match ratio {
                    0 => push!(out, $f, $width, 0),
                    1 => push!(out, $f, $width, 1),
                    2 => push!(out, $f, $width, 2),
                    4 => push!(out, $f, $width, 4),
                    _ => {}
                }
            };
        }
        match width {
            16 => ratios!(loop16, 16),
            32 => ratios!(loop32, 32),
            64 => ratios!(loop64, 64),
            _ => {}
        }
    }
}
