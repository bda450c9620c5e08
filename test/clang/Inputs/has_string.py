"""Prints "found" if the file holds the string, else "missing"."""
import sys

with open(sys.argv[1], "rb") as f:
    print("found" if sys.argv[2].encode() in f.read() else "missing")
