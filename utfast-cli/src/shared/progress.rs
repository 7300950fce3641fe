//! The progress bar of `validate`, `convert` and `repair` on standard error:
//! bytes read of the input's size, the rate and the time left, or a spinner with
//! the bytes read when the size is unknown (a pipe). `--progress` turns it on,
//! `--no-progress` off; by default it is on for a regular file larger than
//! [`AUTO_MIN`] when standard error is a terminal. indicatif draws it, and draws
//! nothing where standard error is not a terminal.

use std::io::{self, IsTerminal};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Whether a progress bar is shown on standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ProgressMode {
    /// For a regular file larger than [`AUTO_MIN`], when standard error is a terminal.
    #[default]
    Auto,
    /// `--progress`.
    Always,
    /// `--no-progress`, or `--quiet` without `--progress`.
    Never,
}

/// Inputs larger than this get a progress bar without `--progress`.
pub const AUTO_MIN: u64 = 256 << 20;

/// The bar for an input of known size.
const BAR: &str =
    "{msg} [{wide_bar}] {binary_bytes}/{binary_total_bytes} ({binary_bytes_per_sec}, {eta} left)";

/// The spinner for an input of unknown size.
const SPINNER: &str = "{spinner} {msg} {binary_bytes} ({binary_bytes_per_sec})";

/// The progress of reading one input; does nothing when off. The bar is
/// cleared when dropped, before anything else is written to standard error.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// No bar.
    pub fn off() -> Progress {
        Progress { bar: None }
    }

    /// The bar for reading `name`, `size` bytes when known (a regular file), if
    /// `mode` asks for one.
    pub fn start(mode: ProgressMode, size: Option<u64>, name: &str) -> Progress {
        let on = match mode {
            ProgressMode::Always => true,
            ProgressMode::Never => false,
            ProgressMode::Auto => {
                size.is_some_and(|size| size > AUTO_MIN) && io::stderr().is_terminal()
            }
        };
        if !on {
            return Progress::off();
        }
        let template = if size.is_some() { BAR } else { SPINNER };
        let style = ProgressStyle::with_template(template)
            .expect("a valid template")
            .progress_chars("=> ");
        let bar = ProgressBar::with_draw_target(size, ProgressDrawTarget::stderr())
            .with_style(style)
            .with_message(name.to_string());
        Progress { bar: Some(bar) }
    }

    /// `bytes` more were read.
    pub fn advance(&self, bytes: usize) {
        if let Some(bar) = &self.bar {
            bar.inc(bytes as u64);
        }
    }

    /// Reading goes on from byte `position`.
    pub fn set(&self, position: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(position);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_when_asked_or_for_large_files_on_a_terminal() {
        let on = |mode, size| Progress::start(mode, size, "f").bar.is_some();
        assert!(on(ProgressMode::Always, Some(10)));
        assert!(on(ProgressMode::Always, None));
        assert!(!on(ProgressMode::Never, Some(AUTO_MIN + 1)));
        assert!(!on(ProgressMode::Auto, Some(AUTO_MIN)));
        assert!(!on(ProgressMode::Auto, None));
        let terminal = io::stderr().is_terminal();
        assert_eq!(on(ProgressMode::Auto, Some(AUTO_MIN + 1)), terminal);
        // Counting does nothing when off.
        let off = Progress::off();
        off.advance(5);
        off.set(3);
        let bar = Progress::start(ProgressMode::Always, Some(10), "f");
        bar.advance(4);
        bar.advance(2);
        assert_eq!(bar.bar.as_ref().map(ProgressBar::position), Some(6));
        bar.set(3);
        assert_eq!(bar.bar.as_ref().map(ProgressBar::position), Some(3));
    }
}
