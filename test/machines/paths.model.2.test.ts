// Part 2 of the machines' model-based path tests (pathsModel.ts).
import { describeModelPaths } from './pathsModel';

describeModelPaths(2);
