//! Command-line parsing with clap's derive API: the commands, their options and
//! inputs, and value parsers for encodings, error modes and bench sections that
//! name the accepted values when given another. [`parse`] turns the command line
//! into a [`Command`]; the shell completion scripts come from the same
//! definitions.

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::Path;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{ArgAction, CommandFactory, Parser, Subcommand};
use clap_complete::{Generator, Shell};

use crate::bench::{self, BenchOptions};
use crate::convert::{encoding_parser, ConvertOptions};
use crate::detect::DetectOptions;
use crate::help;
use crate::repair::RepairOptions;
use crate::shared::report::{cli_name, label};
use crate::validate::ValidateOptions;

#[derive(Parser, Debug)]
#[command(
    name = "utfast",
    version,
    about = help::ABOUT,
    override_usage = help::usage(),
    after_help = help::after(),
    subcommand_required = true,
    arg_required_else_help = false,
    disable_version_flag = true
)]
struct Cli {
    /// Print the version and the active kernel
    #[arg(short = 'V', long, action = ArgAction::Version)]
    version: Option<bool>,
    #[command(subcommand)]
    command: Command,
}

/// What the command line asks for: a command and its options (each command's
/// module declares its options, which clap parses).
#[derive(Subcommand, Debug, PartialEq, Eq)]
pub enum Command {
    /// Check that each FILE is valid UTF-8, and say where and why not
    #[command(
        long_about = help::VALIDATE,
        override_usage = help::VALIDATE_USAGE,
        after_help = help::exit_status(help::VALIDATE_EXIT)
    )]
    Validate(ValidateOptions),
    /// Convert FILE from one encoding to another
    #[command(
        long_about = help::CONVERT,
        override_usage = help::CONVERT_USAGE,
        after_help = help::convert_after()
    )]
    Convert(ConvertOptions),
    /// Measure every kernel against std, simdutf8 and encoding_rs
    #[command(
        long_about = help::bench(bench::FULL.seconds()),
        override_usage = help::BENCH_USAGE,
        after_help = help::exit_status(help::BENCH_EXIT)
    )]
    Bench(BenchOptions),
    /// Guess the encoding of each FILE
    #[command(
        long_about = help::detect(),
        override_usage = help::DETECT_USAGE,
        after_help = help::exit_status(help::DETECT_EXIT)
    )]
    Detect(DetectOptions),
    /// Make each FILE valid UTF-8 in place (invalid sequences become U+FFFD)
    #[command(
        long_about = help::REPAIR,
        override_usage = help::REPAIR_USAGE,
        after_help = help::exit_status(help::REPAIR_EXIT)
    )]
    Repair(RepairOptions),
    /// Print a completion script for a shell
    #[command(long_about = help::COMPLETIONS, override_usage = help::COMPLETIONS_USAGE)]
    Completions {
        /// The shell
        #[arg(value_name = "SHELL")]
        shell: Shell,
    },
    /// `--version`, `-V`.
    #[command(skip)]
    Version,
}

/// Parses the arguments after the program name. The error is clap's: a usage
/// error (exit status 2), or the help asked for (printed to standard output,
/// exit status 0).
pub fn parse(args: impl Iterator<Item = OsString>) -> Result<Command, clap::Error> {
    let args: Vec<OsString> = std::iter::once(OsString::from("utfast"))
        .chain(args)
        .collect();
    match Cli::try_parse_from(&args) {
        Ok(cli) => check(cli.command),
        Err(error) if error.kind() == ErrorKind::DisplayVersion => Ok(Command::Version),
        Err(mut error) => {
            add_tip(&mut error, &args[1..]);
            Err(error)
        }
    }
}

/// The rules clap does not check: `--bom` needs a `--to` that has a byte order
/// mark, and `repair` cannot rewrite standard input.
fn check(command: Command) -> Result<Command, clap::Error> {
    match &command {
        Command::Convert(options) if options.bom && options.to.bom().is_none() => Err(usage_error(
            "convert",
            ErrorKind::ArgumentConflict,
            format!(
                "option '--bom' cannot be used with '--to {}': {} has no byte order mark",
                cli_name(options.to),
                label(options.to)
            ),
        )),
        Command::Repair(options) if options.files.iter().any(|path| path == Path::new("-")) => {
            Err(usage_error(
                "repair",
                ErrorKind::InvalidValue,
                "'repair' rewrites files in place and cannot take standard input ('-'); \
                 to repair a stream, use 'utfast convert --from utf-8 --to utf-8 \
                 --errors replace'",
            ))
        }
        _ => Ok(command),
    }
}

/// A usage error of `subcommand` that clap's rules do not catch, shown as clap
/// shows its own (with the command's usage line).
fn usage_error(subcommand: &str, kind: ErrorKind, message: impl std::fmt::Display) -> clap::Error {
    let mut cli = Cli::command();
    cli.build();
    match cli.find_subcommand_mut(subcommand) {
        Some(command) => command.error(kind, message),
        None => cli.error(kind, message),
    }
}

/// Writes the completion script for `shell`.
pub fn write_completions(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    let mut cli = Cli::command();
    cli.set_bin_name("utfast");
    cli.build();
    shell.try_generate(&cli, out)
}

/// Adds a tip to clap's `error` where the command line suggests more than clap
/// can know: a word that is not a command is likely a file to validate, an
/// option before the command belongs to a command, and `convert` wants
/// encodings. `args` are the arguments after the program name.
fn add_tip(error: &mut clap::Error, args: &[OsString]) {
    let text = |kind| match error.get(kind) {
        Some(ContextValue::String(text)) => Some(text.clone()),
        _ => None,
    };
    let tip = match error.kind() {
        ErrorKind::InvalidSubcommand if error.get(ContextKind::SuggestedSubcommand).is_none() => {
            match text(ContextKind::InvalidSubcommand) {
                Some(word) if args.first().is_some_and(|first| *first == *word) => {
                    format!("to check a file, write 'utfast validate {word}'")
                }
                _ => return,
            }
        }
        ErrorKind::UnknownArgument if error.get(ContextKind::SuggestedArg).is_none() => {
            let Some(option) = text(ContextKind::InvalidArg) else {
                return;
            };
            let option = option.split_once('=').map_or(&*option, |(name, _)| name);
            let cli = Cli::command();
            let given = |name: &str| args.iter().any(|arg| arg == name);
            if cli
                .get_subcommands()
                .any(|command| given(command.get_name()))
            {
                return;
            }
            let owners: Vec<String> = cli
                .get_subcommands()
                .filter(|command| has_option(command, option))
                .map(|command| format!("'{}'", command.get_name()))
                .collect();
            let Some(first) = owners.first() else {
                return;
            };
            format!(
                "'{option}' is an option of {}: write it after the command, e.g. 'utfast {} {option} ...'",
                match owners.split_last() {
                    Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
                    _ => first.clone(),
                },
                first.trim_matches('\'')
            )
        }
        ErrorKind::MissingRequiredArgument if args.first().is_some_and(|arg| arg == "convert") => {
            format!(
                "e.g. 'utfast convert --from utf-16le --to utf-8 in.txt'; ENC is one of {}",
                encoding_parser().names().join(", ")
            )
        }
        _ => return,
    };
    error.insert(
        ContextKind::Suggested,
        ContextValue::StyledStrs(vec![tip.into()]),
    );
}

/// Whether `command` has the option spelt `option` (`--long` or `-s`).
fn has_option(command: &clap::Command, option: &str) -> bool {
    command.get_arguments().any(|arg| {
        option
            .strip_prefix("--")
            .is_some_and(|long| arg.get_long() == Some(long))
            || option
                .strip_prefix('-')
                .is_some_and(|short| arg.get_short().is_some_and(|s| short == s.to_string()))
    })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::bench::Section;
    use crate::convert::FromEncoding;
    use crate::shared::input::Input;
    use crate::shared::progress::ProgressArgs;

    fn parse_strs(args: &[&str]) -> Result<Command, clap::Error> {
        parse(args.iter().map(OsString::from))
    }

    /// The error's message as printed, without colour.
    fn error(args: &[&str]) -> String {
        parse_strs(args).unwrap_err().render().to_string()
    }

    fn paths(names: &[&str]) -> Vec<PathBuf> {
        names.iter().map(PathBuf::from).collect()
    }

    #[test]
    fn definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn parses_commands_flags_and_inputs() {
        let Ok(Command::Validate(options)) = parse_strs(&["validate", "-q", "a", "-", "--", "-b"])
        else {
            panic!("not parsed");
        };
        assert!(options.quiet && !options.json);
        assert_eq!(options.files, paths(&["a", "-", "-b"]));
        assert_eq!(
            Input::all_or_stdin(&options.files),
            [
                Input::File("a".into()),
                Input::Stdin,
                Input::File("-b".into())
            ]
        );
        assert_eq!(Input::all_or_stdin(&[]), [Input::Stdin]);
        assert_eq!(
            parse_strs(&["detect", "a", "--json", "-"]).unwrap(),
            Command::Detect(DetectOptions {
                json: true,
                files: paths(&["a", "-"]),
            })
        );
        assert_eq!(
            parse_strs(&["repair", "--backup", "a", "b"]).unwrap(),
            Command::Repair(RepairOptions {
                backup: true,
                quiet: false,
                progress: ProgressArgs::default(),
                files: paths(&["a", "b"]),
            })
        );
    }

    /// The tips and lists of values that clap does not give by itself (the
    /// others are checked in tests/cli.rs).
    #[test]
    fn explains_usage_errors() {
        for (args, message) in [
            (&["--from", "x"][..], "'--from' is an option of 'convert'"),
            (&["--vers"], "tip: a similar argument exists: '--version'"),
            (
                &["convert", "-f", "utf-8", "-t", "ascii"],
                "tip: ASCII is a subset of utf-8 and of latin1",
            ),
            (
                &["convert", "-f", "utf-8", "-t", "koi8-r"],
                "[possible values: utf-8, utf-16le, utf-16be, utf-32le, utf-32be, latin1, \
                 windows-1252, cesu-8, mutf-8, wtf-8]",
            ),
            (
                &["bench", "--only", "validate,"],
                "[possible values: validate, transcode, validate-utf8, utf8-to-utf16le,",
            ),
            (
                &["convert", "-f", "utf8", "-t", "utf8_16le"],
                "tip: a similar value exists: 'utf-16le'",
            ),
            (&["repair", "a", "-"], "cannot take standard input"),
            (
                &["convert", "-f", "utf8", "-t", "latin1", "--bom"],
                "Latin-1 has no byte order mark",
            ),
        ] {
            let error = error(args);
            assert!(error.contains(message), "{args:?}: {error}");
        }
        // A tip about files only for the command's place, and about an option
        // only before the command.
        assert!(!error(&["help", "a.txt"]).contains("tip"));
        assert!(!error(&["validate", "--from"]).contains("is an option of"));
    }

    #[test]
    fn parses_bench_sections() {
        let Ok(Command::Bench(options)) = parse_strs(&[
            "bench",
            "--only",
            "utf8-to-utf16le,validate",
            "a.txt",
            "--only=UTF32-to-UTF8",
        ]) else {
            panic!("not parsed");
        };
        assert_eq!(
            options.only.concat(),
            [
                Section::Utf8ToUtf16le,
                Section::ValidateUtf8,
                Section::ValidateUtf16le,
                Section::Utf32ToUtf8
            ]
        );
        assert_eq!(options.files, paths(&["a.txt"]));
        assert!(!options.quick);
    }

    #[test]
    fn parses_convert() {
        let args = "convert -futf-16le --to UTF8 -oout.txt --bom -e Surrogate_Escape -- in.txt";
        let Ok(Command::Convert(options)) = parse_strs(&args.split(' ').collect::<Vec<_>>()) else {
            panic!("not parsed");
        };
        let expected = ConvertOptions {
            from: FromEncoding(Some(utfast::Encoding::Utf16Le)),
            to: utfast::Encoding::Utf8,
            output: Some("out.txt".into()),
            bom: true,
            keep_bom: false,
            quiet: false,
            errors: utfast::ErrorMode::SurrogateEscape,
            progress: ProgressArgs::default(),
            input: Some("in.txt".into()),
        };
        assert_eq!(options, expected);
        let Ok(Command::Convert(options)) = parse_strs(&["convert", "-f", "AUTO", "-t", "l1"])
        else {
            panic!("not parsed");
        };
        assert_eq!(
            (options.from, options.to, options.errors),
            (
                FromEncoding(None),
                utfast::Encoding::Latin1,
                utfast::ErrorMode::Strict
            )
        );
    }

    /// The last of `--progress` and `--no-progress` wins (what they do:
    /// shared/progress.rs).
    #[test]
    fn parses_progress_options() {
        let options = |args: &[&str]| match parse_strs(args).unwrap() {
            Command::Validate(options) => options.progress,
            Command::Convert(options) => options.progress,
            Command::Repair(options) => options.progress,
            other => panic!("{other:?}"),
        };
        let convert = ["convert", "-f", "utf-8", "-t", "latin1"];
        for (flags, expected) in [
            (&[][..], (false, false)),
            (&["--progress"], (true, false)),
            (&["--no-progress"], (false, true)),
            (&["--progress", "--no-progress"], (false, true)),
            (&["--no-progress", "--progress"], (true, false)),
        ] {
            for command in [&["validate"][..], &convert, &["repair", "f"]] {
                let args = [command, flags].concat();
                let parsed = options(&args);
                assert_eq!((parsed.progress, parsed.no_progress), expected, "{args:?}");
            }
        }
    }
}
