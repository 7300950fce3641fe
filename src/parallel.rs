//! Opt-in multi-threaded UTF-8 validation and UTF-8 → UTF-16 conversion of large
//! in-memory inputs (feature `parallel`, std threads only).
//!
//! The input is cut into one piece per thread, each cut moved back to the start
//! of a character (at most three bytes), and every piece is checked on its own
//! thread. The answer is always the sequential one:
//!
//! - when every piece is valid, so is the whole (each piece starts a character);
//! - otherwise the first invalid piece holds the first error, since everything
//!   before it is valid and ends at a character boundary: the single-threaded
//!   kernel runs again from that piece's start to name the error exactly as
//!   [`from_utf8`](crate::from_utf8) would (`valid_up_to`, `error_len`, kind).
//!
//! The conversion, when the output has a unit per input byte (the size that
//! always suffices), converts each piece where it starts in the input, then moves
//! the outputs down to close the gaps (none for ASCII). With a smaller output it
//! first counts each piece's UTF-16 length (in parallel), then converts each piece
//! into its own part of the output. Either way, at the first invalid piece the
//! sequential conversion takes over from that piece, after the output of the
//! valid ones. Inputs below [`Parallel::min_len`] and outputs shorter than the
//! counted length go through the single-threaded function, unchanged.

use core::ops::Range;
use std::num::NonZeroUsize;
use std::thread;

use crate::error::Offset;
use crate::{ByteOrder, Engine, Utf8Error};

/// Below this many bytes a second thread costs more than it saves (spawning one
/// takes tens of microseconds; one thread validates about a megabyte in that
/// time).
const DEFAULT_MIN_LEN: usize = 4 << 20;

/// Multi-threaded validation and UTF-8 → UTF-16 conversion for large inputs:
/// the same answers as the single-threaded functions, on several cores.
///
/// ```
/// use utfast::parallel::Parallel;
///
/// let text = "Grüße, 世界! ".repeat(1 << 20); // 17 MiB
/// let par = Parallel::new().with_threads(2);
/// assert!(par.validate_utf8(text.as_bytes()));
///
/// let mut bad = text.clone().into_bytes();
/// bad[9_000_001] = 0xFF;
/// let err = par.from_utf8(&bad).unwrap_err();
/// assert_eq!(err, utfast::from_utf8(&bad).unwrap_err());
///
/// let mut utf16 = vec![0u16; text.len()];
/// let n = par.utf8_to_utf16(text.as_bytes(), &mut utf16, utfast::ByteOrder::Little).unwrap();
/// assert!(utf16[..n].iter().copied().eq(text.encode_utf16().map(u16::to_le)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Parallel {
    engine: Engine,
    threads: usize,
    min_len: usize,
}

impl Default for Parallel {
    fn default() -> Self {
        Self::new()
    }
}

impl Parallel {
    /// The active kernel ([`Engine::active`]) on as many threads as the process
    /// may use (`std::thread::available_parallelism`), for inputs of 4 MiB or more.
    ///
    /// ```
    /// assert!(utfast::parallel::Parallel::new().threads() >= 1);
    /// ```
    pub fn new() -> Self {
        let threads = thread::available_parallelism().map_or(1, NonZeroUsize::get);
        Parallel {
            engine: Engine::active(),
            threads,
            min_len: DEFAULT_MIN_LEN,
        }
    }

    /// The same, on `threads` threads (the calling one included; 0 counts as 1).
    ///
    /// ```
    /// assert_eq!(utfast::parallel::Parallel::new().with_threads(3).threads(), 3);
    /// ```
    pub fn with_threads(self, threads: usize) -> Self {
        Parallel {
            threads: threads.max(1),
            ..self
        }
    }

    /// The same, with `engine`'s kernel on every thread.
    ///
    /// ```
    /// use utfast::{parallel::Parallel, Engine, Kernel};
    /// let par = Parallel::new().with_engine(Engine::new(Kernel::Scalar).unwrap());
    /// assert!(par.validate_utf8(b"plain"));
    /// ```
    pub fn with_engine(self, engine: Engine) -> Self {
        Parallel { engine, ..self }
    }

    /// The same, splitting inputs of `min_len` bytes or more (smaller ones run on
    /// the calling thread alone). Each piece is at least `min_len / threads` bytes.
    ///
    /// ```
    /// let par = utfast::parallel::Parallel::new().with_min_len(0);
    /// assert!(par.validate_utf8("tiny".as_bytes()));
    /// ```
    pub fn with_min_len(self, min_len: usize) -> Self {
        Parallel { min_len, ..self }
    }

    /// Threads used for a large input.
    ///
    /// ```
    /// assert_eq!(utfast::parallel::Parallel::new().with_threads(0).threads(), 1);
    /// ```
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Inputs shorter than this run on the calling thread alone.
    ///
    /// ```
    /// assert_eq!(utfast::parallel::Parallel::new().min_len(), 4 << 20);
    /// ```
    pub fn min_len(&self) -> usize {
        self.min_len
    }

    /// [`from_utf8`](crate::from_utf8) on several threads: the same answer.
    ///
    /// ```
    /// let par = utfast::parallel::Parallel::new().with_min_len(0);
    /// assert_eq!(par.from_utf8(b"caf\xC3\xA9"), Ok("café"));
    /// assert_eq!(par.from_utf8(b"ab\xFF").unwrap_err().valid_up_to(), 2);
    /// ```
    pub fn from_utf8<'a>(&self, src: &'a [u8]) -> Result<&'a str, Utf8Error> {
        self.check_utf8(src)?;
        // SAFETY: `check_utf8` found `src` valid, as the sequential check would.
        Ok(unsafe { core::str::from_utf8_unchecked(src) })
    }

    /// [`validate_utf8`](crate::validate_utf8) on several threads.
    ///
    /// ```
    /// let par = utfast::parallel::Parallel::new().with_min_len(0);
    /// assert!(par.validate_utf8("ok ✓".as_bytes()));
    /// assert!(!par.validate_utf8(b"\xED\xA0\x80")); // a surrogate
    /// ```
    pub fn validate_utf8(&self, src: &[u8]) -> bool {
        match self.split(src) {
            None => self.engine.validate_utf8(src),
            Some(pieces) => self.first_invalid(src, &pieces).is_none(),
        }
    }

    fn check_utf8(&self, src: &[u8]) -> Result<(), Utf8Error> {
        let ops = self.engine.ops();
        let Some(pieces) = self.split(src) else {
            return ops.check_utf8(src);
        };
        match self.first_invalid(src, &pieces) {
            None => Ok(()),
            Some(start) => ops
                .check_utf8(&src[start..])
                .map_err(|e| e.offset(start, 0)),
        }
    }

    /// The start of the first of `pieces` that is not valid UTF-8 on its own,
    /// each checked on its own thread.
    fn first_invalid(&self, src: &[u8], pieces: &[Range<usize>]) -> Option<usize> {
        let valid = each_piece(pieces, |range| self.engine.validate_utf8(&src[range]));
        valid.iter().position(|ok| !ok).map(|i| pieces[i].start)
    }

    /// [`utf8::to_utf16`](crate::utf8::to_utf16) on several threads: the same
    /// result and, on success, the same output. On error the output after
    /// `written()` units is unspecified, as for the sequential function.
    ///
    /// ```
    /// use utfast::ByteOrder;
    /// let par = utfast::parallel::Parallel::new().with_min_len(0);
    /// let mut out = [0u16; 8];
    /// assert_eq!(par.utf8_to_utf16("añ€".as_bytes(), &mut out, ByteOrder::Little), Ok(3));
    /// assert_eq!(out[..3], [0x61u16.to_le(), 0xF1u16.to_le(), 0x20ACu16.to_le()]);
    /// assert_eq!(par.utf8_to_utf16("😀".as_bytes(), &mut out, ByteOrder::NATIVE), Ok(2));
    /// assert_eq!(out[..2], [0xD83D, 0xDE00]);
    /// ```
    pub fn utf8_to_utf16(
        &self,
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf8Error> {
        self.utf8_to_utf16_in(src, dst, order)
    }

    fn utf8_to_utf16_in(
        &self,
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
    ) -> Result<usize, Utf8Error> {
        let ops = self.engine.ops();
        let Some(pieces) = self.split(src) else {
            return ops.utf8_to_utf16(src, dst, order);
        };
        if dst.len() >= src.len() {
            return self.utf8_to_utf16_in_place(src, dst, order, &pieces);
        }
        let lengths = each_piece(&pieces, |range| ops.utf16_len_from_utf8(&src[range]));
        if lengths.iter().sum::<usize>() > dst.len() {
            // Too little room, or input so broken the counts mean nothing.
            return ops.utf8_to_utf16(src, dst, order);
        }
        // Each piece's part of the output, in order.
        let mut parts = Vec::with_capacity(pieces.len());
        let mut rest = &mut dst[..];
        for &len in &lengths {
            let (part, tail) = rest.split_at_mut(len);
            parts.push(part);
            rest = tail;
        }
        let mut jobs: Vec<_> = pieces.iter().cloned().zip(parts).collect();
        let exact = each_job(&mut jobs, |(range, part)| {
            ops.utf8_to_utf16(&src[range.clone()], part, order) == Ok(part.len())
        });
        match exact.iter().position(|ok| !ok) {
            None => Ok(lengths.iter().sum()),
            Some(i) => {
                let (start, written) = (pieces[i].start, lengths[..i].iter().sum::<usize>());
                match ops.utf8_to_utf16(&src[start..], &mut dst[written..], order) {
                    Ok(n) => Ok(written + n),
                    Err(e) => Err(e.offset(start, written)),
                }
            }
        }
    }

    /// The conversion when the output has a unit per input byte: each piece is
    /// converted where it starts in the input (a piece never needs more units
    /// than its bytes, so the parts do not overlap), and the outputs then move
    /// down to close the gaps. ASCII text leaves no gap, so nothing moves.
    fn utf8_to_utf16_in_place(
        &self,
        src: &[u8],
        dst: &mut [u16],
        order: ByteOrder,
        pieces: &[Range<usize>],
    ) -> Result<usize, Utf8Error> {
        let ops = self.engine.ops();
        let mut parts = Vec::with_capacity(pieces.len());
        let mut rest = &mut dst[..src.len()];
        for range in pieces {
            let (part, tail) = rest.split_at_mut(range.len());
            parts.push(part);
            rest = tail;
        }
        let mut jobs: Vec<_> = pieces.iter().cloned().zip(parts).collect();
        let results = each_job(&mut jobs, |(range, part)| {
            ops.utf8_to_utf16(&src[range.clone()], part, order)
        });
        let mut written = 0;
        for (range, result) in pieces.iter().zip(results) {
            let Ok(n) = result else {
                // The first invalid piece: the sequential conversion from its start
                // (the output has room for a unit per remaining byte).
                return match ops.utf8_to_utf16(&src[range.start..], &mut dst[written..], order) {
                    Ok(n) => Ok(written + n),
                    Err(e) => Err(e.offset(range.start, written)),
                };
            };
            dst.copy_within(range.start..range.start + n, written);
            written += n;
        }
        Ok(written)
    }

    /// The input's pieces, one per thread; `None` (and no allocation) when it
    /// runs on the calling thread alone: one thread, or an input shorter than
    /// `min_len`, or too short to cut.
    fn split(&self, src: &[u8]) -> Option<Vec<Range<usize>>> {
        let n = self.threads;
        if n < 2 || src.len() < self.min_len.max(1) {
            return None;
        }
        let mut cuts = vec![0];
        for k in 1..n {
            let mut cut = src.len() / n * k;
            // Back to the start of a character, at most three bytes.
            for _ in 0..3 {
                if cut > 0 && (src[cut] as i8) < -0x40 {
                    cut -= 1;
                }
            }
            if cut > *cuts.last().unwrap_or(&0) {
                cuts.push(cut);
            }
        }
        cuts.push(src.len());
        (cuts.len() > 2).then(|| cuts.windows(2).map(|w| w[0]..w[1]).collect())
    }
}

/// `f` of every piece, the first on the calling thread and each other on its own.
fn each_piece<T: Send>(pieces: &[Range<usize>], f: impl Fn(Range<usize>) -> T + Sync) -> Vec<T> {
    let mut jobs = pieces.to_vec();
    each_job(&mut jobs, |range| f(range.clone()))
}

/// `f` of every job, the first on the calling thread and each other on its own.
fn each_job<J: Send, T: Send>(jobs: &mut [J], f: impl Fn(&mut J) -> T + Sync) -> Vec<T> {
    let Some((first, others)) = jobs.split_first_mut() else {
        return Vec::new();
    };
    thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = others
            .iter_mut()
            .map(|job| scope.spawn(move || f(job)))
            .collect();
        let mut out = vec![f(first)];
        for handle in handles {
            // A kernel does not panic; if one did, the panic goes on to the caller.
            out.push(
                handle
                    .join()
                    .unwrap_or_else(|p| std::panic::resume_unwind(p)),
            );
        }
        out
    })
}
