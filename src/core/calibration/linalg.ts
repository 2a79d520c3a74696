// The little linear algebra the fit needs: symmetric positive-definite systems of a few unknowns.

/** Cholesky factor L (lower) of a symmetric positive-definite matrix; throws when it is not. */
export function cholesky(a: readonly number[][]): number[][] {
  const n = a.length;
  const l = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      if (i === j) {
        if (!(s > 0)) throw new Error('cholesky: matrix is not positive definite');
        l[i][i] = Math.sqrt(s);
      } else l[i][j] = s / l[j][j];
    }
  }
  return l;
}

/** Solves A x = b given A's Cholesky factor. */
export function cholSolve(l: readonly number[][], b: readonly number[]): number[] {
  const n = l.length, y = new Array<number>(n), x = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i][k] * y[k];
    y[i] = s / l[i][i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < n; k++) s -= l[k][i] * x[k];
    x[i] = s / l[i][i];
  }
  return x;
}

/** A⁻¹ from A's Cholesky factor, column by column. */
export function cholInverse(l: readonly number[][]): number[][] {
  const n = l.length;
  const cols = Array.from({ length: n }, (_, j) => cholSolve(l, Array.from({ length: n }, (_, i) => (i === j ? 1 : 0))));
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => cols[j][i]));
}

export const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + v * b[i], 0);

/** x' A x */
export const quadForm = (a: readonly number[][], x: readonly number[]) => x.reduce((s, xi, i) => s + xi * dot(a[i], x), 0);
