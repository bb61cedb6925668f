/** The package ships no types: each export is a React component drawing one card as an SVG
 * (viewBox -120 -168 240 336); props go to the <svg> element. */
declare module "@letele/playing-cards" {
  import type { ComponentType, SVGProps } from "react";
  export type Face = ComponentType<SVGProps<SVGSVGElement> & { title?: string; titleId?: string }>;
  export const Cj: Face, Ck: Face, Cq: Face, Dj: Face, Dk: Face, Dq: Face, Hj: Face, Hk: Face, Hq: Face;
  export const Sj: Face, Sk: Face, Sq: Face, J1: Face, J2: Face;
}
