//! [`Transcoder`]: streaming conversion between any two [`Encoding`]s in any
//! [`ErrorMode`], fed input in chunks cut anywhere, writing into output slices of
//! any size; results and errors (absolute offsets) never depend on the cuts.
//!
//! Input goes to the [`BlockConverter`] a block at a time; the end of a chunk that
//! more input could still change (an incomplete character, at most
//! [`MAX_PENDING`] bytes) is kept and converted together with the start of the
//! next chunk. Output goes straight into the caller's slice when it has room for
//! the worst case (the common case for large chunks), else through a staging
//! buffer that later calls drain. A short input with nothing held back, of one
//! of the commonest strict pairs, is first tried as one kernel call
//! ([`Whole`](super::block::Whole)); the general direct path takes it again only
//! when that call refuses it (an error, a character cut at the end).

use alloc::vec::Vec;

use super::block::{BlockConverter, Problem, MAX_PENDING, WHOLE_MAX};
use super::TranscodeError;
use crate::transcode::short;
use crate::{Encoding, Engine, ErrorMode};

/// What a [`Transcoder`] does with a byte order mark at the start of the input.
///
/// ```
/// use utfast::{stream::BomHandling, Encoding, ErrorMode, stream::Transcoder};
/// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict)
///     .with_bom_handling(BomHandling::Strip);
/// let mut out = [0u8; 16];
/// let progress = t.transcode(b"\xEF\xBB\xBFhi", &mut out, true);
/// assert_eq!(&out[..progress.written], b"hi");
/// ```
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BomHandling {
    /// A byte order mark is text like any other (U+FEFF): converted, not removed.
    #[default]
    None,
    /// The input encoding's own byte order mark is removed.
    Strip,
    /// A byte order mark of any UTF encoding decides the input encoding (as
    /// [`detect::bom`](crate::detect::bom) reads it) and is removed; without one, the encoding given to
    /// [`Transcoder::new`] stays.
    Sniff,
    /// The input encoding's own byte order mark is removed, and one of another
    /// UTF encoding (as [`detect::bom`](crate::detect::bom) reads it; `FF FE 00 00`
    /// is UTF-32LE's, even for UTF-16LE input) is an error of kind
    /// [`ForeignBom`](super::TranscodeErrorKind::ForeignBom) at offset 0, in every
    /// [`ErrorMode`]: a file labelled with the wrong encoding.
    ///
    /// ```
    /// use utfast::stream::{BomHandling, Status, TranscodeErrorKind, Transcoder};
    /// use utfast::{Encoding, ErrorMode};
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Replace)
    ///     .with_bom_handling(BomHandling::Enforce);
    /// let Status::Error(e) = t.transcode(b"\xFF\xFEh\x00", &mut [0u8; 16], true).status else { panic!() };
    /// assert_eq!(e.kind(), TranscodeErrorKind::ForeignBom(Encoding::Utf16Le));
    /// assert_eq!((e.offset(), e.bytes()), (0, &b"\xFF\xFE"[..]));
    /// ```
    Enforce,
}

/// Why [`Transcoder::transcode`] returned.
///
/// (A tag byte of its own, `InputEmpty` 0: the caller's test of the commonest
/// answer is one compare.)
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Status {
    /// All of the input given was taken (converted, or kept for the next call
    /// when it ends inside a character) and all output written.
    InputEmpty,
    /// The output slice is full: call again with more room (and the rest of the
    /// input).
    OutputFull,
    /// A piece of input could not be converted. The output written so far is the
    /// conversion of everything before [`TranscodeError::offset`]; the piece
    /// itself counts as read, and the next call goes on after it.
    Error(TranscodeError),
}

/// What one call of [`Transcoder::transcode`] did.
///
/// ```
/// use utfast::{Encoding, ErrorMode, stream::Progress, stream::Status, stream::Transcoder};
/// let mut t = Transcoder::new(Encoding::Latin1, Encoding::Utf8, ErrorMode::Strict);
/// let mut out = [0u8; 8];
/// let p: Progress = t.transcode(b"caf\xE9", &mut out, true);
/// assert_eq!((p.read, p.written, p.status), (4, 5, Status::InputEmpty));
/// assert_eq!(&out[..5], "café".as_bytes());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Bytes of `src` taken.
    pub read: usize,
    /// Bytes written to the start of `dst`.
    pub written: usize,
    /// Why the call returned.
    pub status: Status,
}

/// Input bytes held back between calls: the end of a chunk that more input may
/// change (at most [`MAX_PENDING`] bytes), together with up to [`JOIN`] bytes of
/// the next chunk while they are converted.
const CARRY: usize = 64;

/// Bytes of a new chunk converted together with held-back input.
const JOIN: usize = CARRY - MAX_PENDING;

/// The most input converted at a time through the staging buffer (its output
/// stays in the cache).
const MAX_BLOCK: usize = 1 << 16;

/// The first block after an error: blocks then double up to [`MAX_BLOCK`], so
/// that dense errors cost time linear in the input.
const MIN_BLOCK: usize = 256;

/// Streaming conversion between any two encodings, in any [`ErrorMode`], with
/// exact absolute error offsets.
///
/// Give it the input in chunks cut anywhere (inside a character, a code unit or a
/// surrogate pair; empty chunks too) and output slices of any size: the output
/// and the errors are those of converting the whole input at once. Memory stays
/// constant whatever the stream's length.
///
/// ```
/// use utfast::{Encoding, ErrorMode, stream::Status, stream::Transcoder};
/// // UTF-16LE arriving in pieces that cut a surrogate pair, to UTF-8.
/// let text = "a😀b";
/// let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
/// let mut t = Transcoder::new(Encoding::Utf16Le, Encoding::Utf8, ErrorMode::Strict);
/// let mut utf8 = Vec::new();
/// let mut buffer = [0u8; 8];
/// for (i, chunk) in bytes.chunks(3).enumerate() {
///     let last = (i + 1) * 3 >= bytes.len();
///     let mut input = chunk;
///     loop {
///         let p = t.transcode(input, &mut buffer, last);
///         utf8.extend_from_slice(&buffer[..p.written]);
///         input = &input[p.read..];
///         match p.status {
///             Status::InputEmpty => break,
///             Status::OutputFull => continue,
///             Status::Error(e) => panic!("{e}"),
///             _ => unreachable!(),
///         }
///     }
/// }
/// assert_eq!(utf8, text.as_bytes());
/// ```
pub struct Transcoder {
    converter: BlockConverter,
    bom: BomHandling,
    /// Whether the byte order mark, if any, was dealt with.
    bom_done: bool,
    /// Input taken but not converted yet.
    carry: [u8; CARRY],
    carry_len: usize,
    /// The stream offset of the next byte to convert (the first of `carry`, or
    /// of the next input when `carry` is empty).
    offset: u64,
    /// Converted output not yet written out, from `staged_at` on.
    staged: Vec<u8>,
    staged_at: usize,
    /// An error to report once the output before it is written out.
    error: Option<TranscodeError>,
    /// The input given with `last` was all converted: no more is expected.
    finished: bool,
    /// The input converted at a time through the staging buffer.
    block: usize,
    /// The pair has a whole-input conversion and nothing is held back, staged
    /// or pending (one test on every call instead of four; kept by
    /// [`Transcoder::settle`]).
    quick: bool,
    /// `quick`, and the pair is UTF-8 to UTF-16LE (strict): the lane for
    /// short pieces.
    quick_utf16le: bool,
}

impl Transcoder {
    /// A transcoder from `from` to `to` that treats invalid input and characters
    /// `to` cannot hold as `mode` says, with the active kernel.
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Be, ErrorMode::Replace);
    /// let mut out = [0u8; 8];
    /// let p = t.transcode(b"a\xFF", &mut out, true);
    /// assert_eq!(&out[..p.written], &[0x00, 0x61, 0xFF, 0xFD]);
    /// ```
    pub fn new(from: Encoding, to: Encoding, mode: ErrorMode) -> Transcoder {
        Transcoder::with_engine(Engine::active(), from, to, mode)
    }

    /// Like [`Transcoder::new`], on the kernel of `engine`.
    ///
    /// ```
    /// use utfast::{Encoding, Engine, ErrorMode, Kernel, stream::Transcoder};
    /// let engine = Engine::new(Kernel::Scalar).unwrap();
    /// let t = Transcoder::with_engine(engine, Encoding::Utf8, Encoding::Latin1, ErrorMode::Strict);
    /// assert_eq!(t.from(), Encoding::Utf8);
    /// ```
    pub fn with_engine(engine: Engine, from: Encoding, to: Encoding, mode: ErrorMode) -> Self {
        let mut t = Transcoder {
            converter: BlockConverter::new(engine, from, to, mode),
            bom: BomHandling::None,
            bom_done: true,
            carry: [0; CARRY],
            carry_len: 0,
            offset: 0,
            staged: Vec::new(),
            staged_at: 0,
            error: None,
            finished: false,
            block: MAX_BLOCK,
            quick: false,
            quick_utf16le: false,
        };
        t.settle();
        t
    }

    /// Sets `quick` after a change of state on a general path.
    fn settle(&mut self) {
        self.quick = self.converter.has_whole()
            && self.carry_len == 0
            && self.staged_at == self.staged.len()
            && self.bom_done
            && self.error.is_none();
        self.quick_utf16le = self.quick && self.converter.is_utf8_to_utf16le();
    }

    /// The same transcoder, dealing with a byte order mark at the start of the
    /// input as `bom` says (by default, [`BomHandling::None`]). Offsets still
    /// count from the start of the input, the mark included.
    ///
    /// ```
    /// use utfast::{stream::BomHandling, Encoding, ErrorMode, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict)
    ///     .with_bom_handling(BomHandling::Sniff);
    /// let mut out = [0u8; 8];
    /// let p = t.transcode(b"\xFF\xFEh\x00i\x00", &mut out, true);
    /// assert_eq!(&out[..p.written], b"hi");
    /// assert_eq!(t.from(), Encoding::Utf16Le);
    /// ```
    pub fn with_bom_handling(mut self, bom: BomHandling) -> Transcoder {
        self.bom = bom;
        self.bom_done = bom == BomHandling::None || self.offset > 0 || self.finished;
        self.settle();
        self
    }

    /// What the transcoder does with a byte order mark (see
    /// [`Transcoder::with_bom_handling`]).
    ///
    /// ```
    /// use utfast::{stream::BomHandling, stream::Transcoder, Encoding, ErrorMode};
    /// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Strict);
    /// assert_eq!(t.bom_handling(), BomHandling::None);
    /// assert_eq!(t.with_bom_handling(BomHandling::Strip).bom_handling(), BomHandling::Strip);
    /// ```
    pub fn bom_handling(&self) -> BomHandling {
        self.bom
    }

    /// The input encoding (after [`BomHandling::Sniff`] chose it, the one chosen).
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Transcoder};
    /// let t = Transcoder::new(Encoding::Cesu8, Encoding::Utf8, ErrorMode::Replace);
    /// assert_eq!((t.from(), t.to(), t.mode()), (Encoding::Cesu8, Encoding::Utf8, ErrorMode::Replace));
    /// ```
    pub fn from(&self) -> Encoding {
        self.converter.from
    }

    /// The output encoding (see [`Transcoder::from`]).
    pub fn to(&self) -> Encoding {
        self.converter.to
    }

    /// The error mode (see [`Transcoder::from`]).
    pub fn mode(&self) -> ErrorMode {
        self.converter.mode
    }

    /// The bytes of input taken so far (converted, skipped, or held back).
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf8, ErrorMode::Strict);
    /// t.transcode(b"ab\xE2\x82", &mut [0u8; 8], false);
    /// assert_eq!(t.input_len(), 4);
    /// ```
    pub fn input_len(&self) -> u64 {
        self.offset + self.carry_len as u64
    }

    /// A `dst` this long always takes all of an `input_len`-byte `src` in one call
    /// (with the output still held from earlier calls).
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Transcoder};
    /// let t = Transcoder::new(Encoding::Utf8, Encoding::Utf16Le, ErrorMode::Replace);
    /// assert!(t.max_output_len(100) >= 200);
    /// ```
    pub fn max_output_len(&self, input_len: usize) -> usize {
        // The most output bytes one input byte can give: each byte is at most one
        // code point, and a supplementary one takes at least two input bytes.
        let (per_byte, ascii) = match self.converter.to {
            Encoding::Utf32Le | Encoding::Utf32Be => (4, 4),
            Encoding::Utf16Le | Encoding::Utf16Be => (2, 2),
            Encoding::Latin1 | Encoding::Windows1252 => (1, 1),
            _ => (3, 1),
        };
        // `BackslashReplace` writes at most four ASCII characters an input byte
        // (`\xNN` for a bad byte; `\uNNNN` for two, `\UNNNNNNNN` for four).
        let per_byte = match self.converter.mode {
            ErrorMode::BackslashReplace => per_byte.max(4 * ascii),
            _ => per_byte,
        };
        let input = input_len.saturating_add(self.carry_len);
        input
            .saturating_mul(per_byte)
            .saturating_add(self.staged.len() - self.staged_at)
            .saturating_add(4)
    }

    /// Converts as much of `src` (bytes in the input encoding) into `dst` (bytes
    /// in the output encoding) as fits. `last`: no input follows `src` (input that
    /// ends inside a character is then an error, or what the mode makes of it).
    /// A `dst` with at least 8 bytes of room always makes progress.
    ///
    /// ```
    /// use utfast::{Encoding, ErrorMode, stream::Status, stream::Transcoder};
    /// let mut t = Transcoder::new(Encoding::Utf8, Encoding::Utf32Le, ErrorMode::Strict);
    /// let mut out = [0u8; 16];
    /// let p = t.transcode(b"\xE2\x82", &mut out, false); // € cut in two
    /// assert_eq!((p.read, p.written, p.status), (2, 0, Status::InputEmpty));
    /// let p = t.transcode(b"\xACz", &mut out, true);
    /// assert_eq!(&out[..p.written], &[0xAC, 0x20, 0, 0, b'z', 0, 0, 0]);
    /// ```
    #[inline(always)]
    pub fn transcode(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Progress {
        // Short pieces to UTF-16LE, nothing held back: converted inline, as
        // the free function converts them (a lane of its own: through the
        // arm of the general quick case below, with the character loop out
        // of line and the byte order read from the converter, a 16-byte
        // ASCII piece took 1.5-2x as long as a call of the free function,
        // Zen 5). Always inlined, so that a caller's loop over pieces keeps
        // the lane in it.
        if self.quick_utf16le {
            if let Some(written) = short::utf8_to_utf16le_bytes(src, dst) {
                return self.took_all(src.len(), written, last);
            }
        }
        // Short inputs of the commonest pairs, nothing held back: one
        // conversion and done.
        if self.quick && src.len() <= WHOLE_MAX {
            if let Some(written) = self.converter.whole(src, dst) {
                return self.took_all(src.len(), written, last);
            }
        }
        self.transcode_slow(src, dst, last)
    }

    /// The answer of a call whose `read` bytes were all converted straight
    /// into `written` bytes of output.
    #[inline(always)]
    fn took_all(&mut self, read: usize, written: usize, last: bool) -> Progress {
        self.offset += read as u64;
        self.finished = last;
        progress(read, written, Status::InputEmpty)
    }

    /// [`Transcoder::transcode`] but for its quick case.
    #[inline(never)]
    fn transcode_slow(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Progress {
        // The direct pairs, nothing held back, room for all of `src`.
        let clear = self.carry_len == 0 && self.staged_at == self.staged.len() && self.bom_done;
        if clear && self.converter.is_direct() && self.converter.direct_room(src.len()) <= dst.len()
        {
            let (written, result) = self.converter.direct(src, last, dst);
            if result == Ok(src.len()) {
                return self.took_all(src.len(), written, last);
            }
            return self.after_direct(src, last, written, result);
        }
        self.transcode_cold(src, dst, last)
    }

    /// The end of [`Transcoder::transcode`]'s direct case when not all of `src`
    /// was converted.
    #[inline(never)]
    fn after_direct(
        &mut self,
        src: &[u8],
        last: bool,
        written: usize,
        result: Result<usize, Problem>,
    ) -> Progress {
        let read = self.took(src, true, result);
        self.settle();
        if let Some(error) = self.error.take() {
            return progress(read, written, Status::Error(error));
        }
        self.finished = last;
        progress(read, written, Status::InputEmpty)
    }

    /// [`Transcoder::transcode`] in general.
    #[inline(never)]
    fn transcode_cold(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Progress {
        let progress = self.transcode_general(src, dst, last);
        self.settle();
        progress
    }

    /// [`Transcoder::transcode_cold`] but for keeping `quick`.
    fn transcode_general(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> Progress {
        let mut read = 0;
        let mut written = 0;
        loop {
            // Output from before first, then the error that followed it.
            if self.staged_at < self.staged.len() {
                let staged = &self.staged[self.staged_at..];
                let n = staged.len().min(dst.len() - written);
                dst[written..written + n].copy_from_slice(&staged[..n]);
                written += n;
                self.staged_at += n;
                if self.staged_at < self.staged.len() {
                    return progress(read, written, Status::OutputFull);
                }
            }
            self.staged.clear();
            self.staged_at = 0;
            if let Some(error) = self.error.take() {
                return progress(read, written, Status::Error(error));
            }
            let rest = &src[read..];
            if rest.is_empty() && (self.finished || !last) {
                return progress(read, written, Status::InputEmpty);
            }
            if !self.bom_done && !self.take_bom(rest, last, &mut read) {
                return progress(read, written, Status::InputEmpty);
            }
            if let Some(error) = self.error.take() {
                return progress(read, written, Status::Error(error));
            }
            let rest = &src[read..];
            if self.carry_len > 0 {
                read += self.convert_carry(rest, last);
            } else {
                let (taken, out) = self.convert_block(rest, last, &mut dst[written..]);
                read += taken;
                written += out;
            }
            if last && read == src.len() && self.carry_len == 0 && self.error.is_none() {
                self.finished = true;
            }
        }
    }

    /// Takes input into `carry` until the byte order mark, if any, can be told;
    /// then removes it as `self.bom` says. False while more input is needed.
    fn take_bom(&mut self, rest: &[u8], last: bool, read: &mut usize) -> bool {
        const LONGEST: usize = 4;
        let n = rest.len().min(LONGEST.saturating_sub(self.carry_len));
        self.carry[self.carry_len..self.carry_len + n].copy_from_slice(&rest[..n]);
        self.carry_len += n;
        *read += n;
        if self.carry_len < LONGEST && !last {
            return false;
        }
        self.bom_done = true;
        let head = &self.carry[..self.carry_len];
        let from = self.converter.from;
        let own = from.bom_bytes();
        let strip = match self.bom {
            BomHandling::Sniff => match crate::detect::bom(head) {
                Some((found, len)) => {
                    // The variants share UTF-8's mark and stay themselves.
                    if found.bom() != from.bom() {
                        self.converter = BlockConverter::new(
                            self.converter.engine,
                            found,
                            self.converter.to,
                            self.converter.mode,
                        );
                    }
                    len
                }
                None => 0,
            },
            // FF FE 00 00 is UTF-16LE's mark and U+0000 for UTF-16LE input.
            BomHandling::Strip if !own.is_empty() && head.starts_with(own) => own.len(),
            BomHandling::Enforce => match crate::detect::bom(head) {
                Some((found, len)) if found.bom() == from.bom() => len,
                Some((found, len)) => {
                    let kind = super::TranscodeErrorKind::ForeignBom(found);
                    let at = (from, self.converter.to);
                    self.error = Some(TranscodeError::new(self.offset, Some(len), kind, at, head));
                    len
                }
                None => 0,
            },
            _ => 0,
        };
        self.carry.copy_within(strip..self.carry_len, 0);
        self.carry_len -= strip;
        self.offset += strip as u64;
        true
    }

    /// Converts the held-back input together with the start of `rest` (up to
    /// [`JOIN`] bytes) into the staging buffer; returns the bytes of `rest` taken.
    fn convert_carry(&mut self, rest: &[u8], last: bool) -> usize {
        let taken = rest.len().min(JOIN);
        let held = self.carry_len;
        let mut buffer = [0u8; CARRY + JOIN];
        buffer[..held].copy_from_slice(&self.carry[..held]);
        buffer[held..held + taken].copy_from_slice(&rest[..taken]);
        let joined = &buffer[..held + taken];
        let all = taken == rest.len();
        let done = match self
            .converter
            .convert(joined, last && all, &mut self.staged)
        {
            Ok(done) => done,
            Err(problem) => {
                // Taken up to the end of the bad piece, which the error reports.
                let end = self.fail(joined, problem);
                self.offset += end as u64;
                if end >= held {
                    self.carry_len = 0;
                    return end - held;
                }
                self.carry.copy_within(end..held, 0);
                self.carry_len = held - end;
                return 0;
            }
        };
        self.offset += done as u64;
        // The converter holds back at most MAX_PENDING bytes, so unless all of
        // `rest` was joined, the held-back input is converted by now.
        if all || done < held {
            let left = &joined[done..];
            debug_assert!(left.len() <= MAX_PENDING);
            self.carry[..left.len()].copy_from_slice(left);
            self.carry_len = left.len();
            taken
        } else {
            self.carry_len = 0;
            done - held
        }
    }

    /// Converts a block of `rest` (no input held back): straight into `dst` when
    /// the pair takes the direct path and `dst` has room for a good part of
    /// `rest`, else into the staging buffer. Returns the bytes taken and the
    /// bytes written to `dst`.
    fn convert_block(&mut self, rest: &[u8], last: bool, dst: &mut [u8]) -> (usize, usize) {
        if self.converter.is_direct() {
            let len = rest.len().min(self.converter.direct_input(dst.len()));
            if len == rest.len() || len >= MIN_BLOCK {
                let block = &rest[..len];
                let all = len == rest.len();
                let (written, result) = self.converter.direct(block, last && all, dst);
                return (self.took(block, all, result), written);
            }
        }
        let limit = self.block.min((dst.len() / 2).max(MIN_BLOCK));
        let len = rest.len().min(limit);
        let block = &rest[..len];
        let all = len == rest.len();
        let result = self.converter.convert(block, last && all, &mut self.staged);
        (self.took(block, all, result), 0)
    }

    /// Accounts for the conversion of `block` (the start of the input left;
    /// `all` of it): holds back what it left at the end of the input, records its
    /// problem. Returns the bytes of `block` taken.
    fn took(&mut self, block: &[u8], all: bool, result: Result<usize, Problem>) -> usize {
        match result {
            Ok(done) => {
                self.block = (self.block * 2).min(MAX_BLOCK);
                self.offset += done as u64;
                if !all {
                    return done;
                }
                let left = &block[done..];
                debug_assert!(left.len() <= MAX_PENDING);
                if !left.is_empty() {
                    self.carry[..left.len()].copy_from_slice(left);
                }
                self.carry_len = left.len();
                block.len()
            }
            Err(problem) => {
                let end = self.fail(block, problem);
                self.offset += end as u64;
                end
            }
        }
    }

    /// Records the error of `problem` in `block` (which starts at `self.offset`);
    /// returns the bytes of the block up to the end of the bad piece.
    fn fail(&mut self, block: &[u8], problem: Problem) -> usize {
        let at = problem.at.min(block.len());
        let end = problem
            .len
            .map_or(block.len(), |len| (at + len).min(block.len()));
        let from_to = (self.converter.from, self.converter.to);
        self.error = Some(TranscodeError::new(
            self.offset + at as u64,
            problem.len,
            problem.kind,
            from_to,
            &block[at..],
        ));
        self.block = MIN_BLOCK;
        end
    }
}

impl core::fmt::Debug for Transcoder {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Transcoder")
            .field("from", &self.converter.from)
            .field("to", &self.converter.to)
            .field("mode", &self.converter.mode)
            .field("input_len", &self.input_len())
            .finish_non_exhaustive()
    }
}

#[inline]
fn progress(read: usize, written: usize, status: Status) -> Progress {
    Progress {
        read,
        written,
        status,
    }
}
