"""Tests of the command line, a command a file."""
