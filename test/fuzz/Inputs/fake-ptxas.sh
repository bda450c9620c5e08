#!/usr/bin/env bash
# Plays ptxas for run-fp-packs.test: "assembles" PTX into a copy.
# fake-ptxas.sh -arch=sm_90 IN.ptx -o OUT.cubin
cp "$2" "$4"
