//! [`Utf8Validator`]: strict UTF-8 validation of a stream fed in chunks cut
//! anywhere. Each chunk goes to the kernel's fastest check (a yes or no) but for
//! a character cut by its end (at most 3 bytes), which is held back and
//! completed, in scalar code, with the first bytes of the next one; only an
//! invalid chunk is checked again for the error's position, so the error is
//! exactly `from_utf8`'s on the concatenation of every chunk.

use super::Utf8StreamError;
use crate::{Engine, Utf8Error, Utf8ErrorKind};

/// Validates a stream of UTF-8 chunk by chunk, with the exact position of the
/// first error from the start of the stream.
///
/// ```
/// use utfast::stream::Utf8Validator;
/// let text = "price: 5 €, 🎉".as_bytes();
/// let mut validator = Utf8Validator::new();
/// for chunk in text.chunks(5) { // cuts € and 🎉
///     validator.update(chunk).unwrap();
/// }
/// assert_eq!(validator.finish(), Ok(text.len() as u64));
///
/// let mut validator = Utf8Validator::new();
/// validator.update(b"ab\xF0\x9F").unwrap();
/// let error = validator.finish().unwrap_err();
/// assert_eq!((error.valid_up_to(), error.error_len()), (2, None));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Utf8Validator {
    /// `None`: the active kernel, with the inlined path for short chunks.
    engine: Option<Engine>,
    /// The active kernel, called directly for chunks of [`SHORT_INPUT`]
    /// bytes and more (without the free function's load of the choice and
    /// test of the length).
    ///
    /// [`SHORT_INPUT`]: crate::SHORT_INPUT
    active: Engine,
    /// An incomplete character at the end of the input so far.
    pending: [u8; 3],
    pending_len: usize,
    /// The bytes before `pending`, all valid.
    valid: u64,
    /// The first error, reported again by every later call.
    error: Option<Utf8StreamError>,
    /// The general path applies: an engine of its own, a held-back character
    /// or an error (one test for the fast path instead of three).
    general: bool,
}

impl Default for Utf8Validator {
    /// [`Utf8Validator::new`].
    ///
    /// ```
    /// let v = utfast::stream::Utf8Validator::default();
    /// assert_eq!(v.finish(), Ok(0));
    /// ```
    fn default() -> Utf8Validator {
        Utf8Validator::new()
    }
}

impl Utf8Validator {
    /// A validator at the start of a stream, on the active kernel.
    ///
    /// ```
    /// let v = utfast::stream::Utf8Validator::new();
    /// assert_eq!(v.finish(), Ok(0));
    /// ```
    pub fn new() -> Utf8Validator {
        Utf8Validator::start(Engine::active())
    }

    /// A validator at the start of a stream whose fast path calls `active`.
    fn start(active: Engine) -> Utf8Validator {
        Utf8Validator {
            engine: None,
            active,
            pending: [0; 3],
            pending_len: 0,
            valid: 0,
            error: None,
            general: false,
        }
    }

    /// A validator on the kernel of `engine`.
    ///
    /// ```
    /// use utfast::{Engine, Kernel, stream::Utf8Validator};
    /// let mut v = Utf8Validator::with_engine(Engine::new(Kernel::Scalar).unwrap());
    /// assert!(v.update(b"ok").is_ok());
    /// ```
    pub fn with_engine(engine: Engine) -> Utf8Validator {
        Utf8Validator {
            engine: Some(engine),
            general: true,
            // Its own engine: no detection of the active one.
            ..Utf8Validator::start(engine)
        }
    }

    #[inline(always)]
    fn is_valid(&self, src: &[u8]) -> bool {
        match self.engine {
            None => crate::validate_utf8(src),
            Some(engine) => engine.validate_utf8(src),
        }
    }

    fn check(&self, src: &[u8]) -> Result<(), Utf8Error> {
        match self.engine {
            None => crate::check_utf8(src),
            Some(engine) => engine.ops().check_utf8(src),
        }
    }

    /// Validates the next chunk. `Err` at the first invalid sequence that this
    /// chunk completes or proves invalid; once there is one, every later call
    /// returns it again. A chunk that ends inside a character is fine: the
    /// character is completed by the next chunk (or reported by
    /// [`finish`](Utf8Validator::finish)).
    ///
    /// ```
    /// let mut v = utfast::stream::Utf8Validator::new();
    /// assert!(v.update(b"\xE2\x82").is_ok()); // may become €
    /// let error = v.update(b"x").unwrap_err(); // it does not
    /// assert_eq!((error.valid_up_to(), error.error_len()), (0, Some(2)));
    /// ```
    #[inline]
    pub fn update(&mut self, chunk: &[u8]) -> Result<(), Utf8StreamError> {
        // The common case: the active kernel, nothing held back, the chunk
        // valid and ending in a whole character (or short: a cut character
        // then only costs a second look); one yes/no check. A chunk that ends
        // inside a character takes the general path, which holds it back.
        if !self.general
            && if chunk.len() < crate::SHORT_INPUT {
                crate::validate_utf8(chunk)
            } else {
                crate::boundary::ends_whole(chunk) && self.active.validate_utf8(chunk)
            }
        {
            self.valid += chunk.len() as u64;
            return Ok(());
        }
        self.update_cold(chunk)
    }

    /// [`Utf8Validator::update`] on the general path.
    #[inline(never)]
    fn update_cold(&mut self, chunk: &[u8]) -> Result<(), Utf8StreamError> {
        let result = self.update_general(chunk);
        self.general = self.engine.is_some() || self.pending_len > 0 || self.error.is_some();
        result
    }

    /// [`Utf8Validator::update`] for any state and chunk.
    fn update_general(&mut self, chunk: &[u8]) -> Result<(), Utf8StreamError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut chunk = chunk;
        if self.pending_len > 0 {
            chunk = self.complete_pending(chunk)?;
            if self.pending_len > 0 {
                return Ok(());
            }
        }
        // The common case first: valid but for a character cut at the end,
        // with the fastest check there is (no position).
        let tail = crate::utf8::incomplete_tail_len(chunk);
        let body = &chunk[..chunk.len() - tail];
        if self.is_valid(body) {
            self.valid += body.len() as u64;
            self.pending[..tail].copy_from_slice(&chunk[body.len()..]);
            self.pending_len = tail;
            return Ok(());
        }
        // Invalid: where, and why.
        match self.check(chunk) {
            Ok(()) => {
                self.valid += chunk.len() as u64;
                Ok(())
            }
            Err(error) => {
                let valid = error.valid_up_to();
                self.valid += valid as u64;
                if error.error_len().is_none() {
                    let tail = &chunk[valid..];
                    self.pending[..tail.len()].copy_from_slice(tail);
                    self.pending_len = tail.len();
                    return Ok(());
                }
                Err(self.fail(error.error_len(), error.kind()))
            }
        }
    }

    /// Completes the held-back character with the first bytes of `chunk` (at
    /// most four bytes in all decide it); returns the rest of `chunk`.
    fn complete_pending<'a>(&mut self, chunk: &'a [u8]) -> Result<&'a [u8], Utf8StreamError> {
        let held = self.pending_len;
        let taken = chunk.len().min(4 - held);
        let mut joined = [0u8; 4];
        joined[..held].copy_from_slice(&self.pending[..held]);
        joined[held..held + taken].copy_from_slice(&chunk[..taken]);
        let joined = &joined[..held + taken];
        let complete = match crate::arch::dfa::check_short(joined) {
            Ok(()) => joined.len(),
            Err(error) if error.valid_up_to() > 0 => error.valid_up_to(),
            Err(error) => match error.error_len() {
                Some(len) => return Err(self.fail(Some(len), error.kind())),
                None => {
                    // Still incomplete: the chunk was shorter than the character.
                    self.pending[..joined.len()].copy_from_slice(joined);
                    self.pending_len = joined.len();
                    return Ok(&[]);
                }
            },
        };
        // The held-back character is complete: `complete > held`.
        self.valid += complete as u64;
        self.pending_len = 0;
        Ok(&chunk[complete - held..])
    }

    /// Records the error at the end of the valid input.
    fn fail(&mut self, error_len: Option<usize>, kind: Utf8ErrorKind) -> Utf8StreamError {
        let error = Utf8StreamError {
            valid_up_to: self.valid,
            error_len: crate::error::stored_error_len(error_len),
            kind,
        };
        self.error = Some(error);
        error
    }

    /// The bytes validated so far, a held-back incomplete character included.
    ///
    /// ```
    /// let mut v = utfast::stream::Utf8Validator::new();
    /// v.update(b"ab\xC3").unwrap();
    /// assert_eq!(v.len(), 3);
    /// ```
    pub fn len(&self) -> u64 {
        self.valid + self.pending_len as u64
    }

    /// True before any byte was given (or only empty chunks).
    ///
    /// ```
    /// let mut v = utfast::stream::Utf8Validator::new();
    /// v.update(b"").unwrap();
    /// assert!(v.is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Ends the stream: `Ok(total bytes)` when it was all valid; `Err` when it
    /// was invalid or ends inside a character (`error_len() == None`).
    ///
    /// ```
    /// let mut v = utfast::stream::Utf8Validator::new();
    /// v.update("añb".as_bytes()).unwrap();
    /// assert_eq!(v.finish(), Ok(4));
    /// ```
    pub fn finish(mut self) -> Result<u64, Utf8StreamError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        if self.pending_len > 0 {
            return Err(self.fail(None, Utf8ErrorKind::TruncatedAtEnd));
        }
        Ok(self.valid)
    }
}
