#!/usr/bin/env python3
"""Converts a GNU Backgammon match equity table (XML, e.g. Kazaross-XG2) into the plain
text file the AI embeds (assets/met/kazaross-xg2.txt). Only numbers are carried over.

Output format (all lines starting with '#' are comments):
  length N
  pre  <N lines of N numbers>   row i, column j: match-winning chance of the player who
                                 is i+1 points away against an opponent j+1 points away
  post <1 line of N numbers>    post-Crawford: the trailer i+1 away, the leader 1 away
Usage: tools/met_convert.py /usr/share/gnubg/met/Kazaross-XG2.xml > assets/met/kazaross-xg2.txt
"""
import sys
import xml.etree.ElementTree as ET


def rows(table):
    return [[float(me.text) for me in row.findall("me")] for row in table.findall("row")]


def main(path):
    root = ET.parse(path).getroot()
    n = int(root.find("info/length").text)
    pre = rows(root.find("pre-crawford-table"))
    post = rows(root.find("post-crawford-table"))[0]
    assert len(pre) == n and all(len(r) == n for r in pre) and len(post) == n
    name = root.find("info/name").text.strip()
    print(f"# {name}; converted from {path.split('/')[-1]} by tools/met_convert.py")
    print(f"length {n}")
    print("pre")
    for r in pre:
        print(" ".join(f"{x:.6f}" for x in r))
    print("post")
    print(" ".join(f"{x:.6f}" for x in post))


if __name__ == "__main__":
    main(sys.argv[1])
